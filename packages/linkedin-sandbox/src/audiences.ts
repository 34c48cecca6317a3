/**
 * Who belongs to a group, attends an event, or is connected to / follows a simulated person. Nothing
 * is stored: each is a pure function of the network and the ids, so any group or event id a user pastes
 * has the same members every time (and across restarts).
 */
import { isConnected, type Member } from './members';
import type { Network, Person } from './network';
import { unit } from './rng';

/** A share of the network between `min` and `max`, fixed per id. */
const shareOf = (kind: string, id: string, min: number, max: number): number =>
  min + unit(kind, 'size', id) * (max - min);

/**
 * The generated people only: people made up later from profile addresses never join groups, events
 * or anyone's network, so an audience stays the same as the world grows.
 */
const generated = (network: Network): Person[] => network.people.slice(0, network.generatedSize);

const pick = (network: Network, kind: string, id: string, share: number): Set<number> => {
  const out = new Set<number>();
  for (const p of generated(network)) if (unit(kind, id, p.index) < share) out.add(p.index);
  return out;
};

export const groupMembers = (network: Network, groupId: string): Set<number> =>
  pick(network, 'group', groupId, shareOf('group', groupId, 0.02, 0.08));

/**
 * The sandbox's member has joined every group except those whose id ends in 0, so a group import can
 * be tried with any group URL and LinkedIn's "members only" refusal with one ending in 0.
 */
export const hasJoinedGroup = (groupId: string): boolean => !groupId.endsWith('0');

export const eventAttendees = (network: Network, eventId: string): Set<number> =>
  pick(network, 'event', eventId, shareOf('event', eventId, 0.01, 0.04));

const others = (
  network: Network,
  author: Person,
  activityId: string,
  what: string,
  max: number,
): Person[] => {
  const count = Math.floor(unit(activityId, what, 'count') * (max + 1));
  const people: Person[] = [];
  for (let i = 0; people.length < count && i < count * 3; i++) {
    // Generated people only, so people made up later never change who reacted to a post.
    const p = network.people[Math.floor(unit(activityId, what, i) * network.generatedSize)];
    if (p && p.index !== author.index && !people.includes(p)) people.push(p);
  }
  return people;
};

/** Who else reacted to a post (besides the member): up to 7 simulated people, fixed per post. */
export const reactorsOf = (network: Network, author: Person, activityId: string): Person[] =>
  others(network, author, activityId, 'reactors', 7);

/** Who else commented on a post: up to 3 simulated people, fixed per post. */
export const commentersOf = (network: Network, author: Person, activityId: string): Person[] =>
  others(network, author, activityId, 'commenters', 3);

/** Two simulated people know each other by a symmetric hash of the pair (about 4% of pairs). */
const knows = (a: Person, b: Person): boolean =>
  a.index !== b.index && unit('knows', Math.min(a.index, b.index), Math.max(a.index, b.index)) < 0.04;

/** The connections of the member (their own network) or of a simulated person. */
export const connectionsOf = (network: Network, member: Member, profileId: string): Set<number> => {
  const out = new Set<number>();
  if (profileId === member.profile.profileId) {
    for (const p of network.people) if (isConnected(member, p)) out.add(p.index);
    return out;
  }
  const person = network.byProfileId.get(profileId);
  if (!person) return out;
  for (const p of generated(network)) if (knows(person, p)) out.add(p.index);
  return out;
};

/** Followers: every connection, plus people who follow without being connected (about 2%). */
export const followersOf = (network: Network, member: Member, profileId: string): Set<number> => {
  const out = connectionsOf(network, member, profileId);
  for (const p of generated(network)) if (unit('follows', profileId, p.index) < 0.02) out.add(p.index);
  return out;
};

/**
 * The audience filters of a people search (`eventAttending`, `connectionOf`, `followerOf`), as one set
 * of people the results must belong to, or null when the search has none. LinkedIn lets a member see
 * the connections of their 1st-degree connections only, so anyone else's gives no one.
 */
export const audienceOf = (
  network: Network,
  member: Member,
  params: Map<string, string[]>,
): Set<number> | null => {
  const sets: Set<number>[] = [];
  for (const id of params.get('eventAttending') ?? []) sets.push(eventAttendees(network, id));
  for (const id of params.get('connectionOf') ?? []) {
    const person = network.byProfileId.get(id);
    const allowed = id === member.profile.profileId || (person !== undefined && isConnected(member, person));
    sets.push(allowed ? connectionsOf(network, member, id) : new Set());
  }
  for (const id of params.get('followerOf') ?? []) sets.push(followersOf(network, member, id));
  if (sets.length === 0) return null;
  const [first, ...rest] = sets;
  return new Set([...(first ?? [])].filter((i) => rest.every((s) => s.has(i))));
};

export type AudienceRef =
  | { group: string }
  | { event: string }
  | { connectionsOf: string }
  | { followersOf: string }
  | { reactorsOf: string }
  | { commentersOf: string };

/** The people of one audience, for tests and the control API; a post's by its activity id. */
export const audienceMembers = (network: Network, member: Member, ref: AudienceRef): Set<number> => {
  if ('group' in ref) return hasJoinedGroup(ref.group) ? groupMembers(network, ref.group) : new Set();
  if ('event' in ref) return eventAttendees(network, ref.event);
  if ('connectionsOf' in ref) return connectionsOf(network, member, ref.connectionsOf);
  if ('followersOf' in ref) return followersOf(network, member, ref.followersOf);
  const activityId = 'reactorsOf' in ref ? ref.reactorsOf : ref.commentersOf;
  const found = network.posts.get(activityId);
  if (!found) return new Set();
  const people =
    'reactorsOf' in ref
      ? reactorsOf(network, found.person, activityId)
      : commentersOf(network, found.person, activityId);
  return new Set(people.map((p) => p.index));
};
