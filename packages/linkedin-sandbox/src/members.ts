import { seededFaker } from './faker';
import { fullName, type Network, type Person } from './network';
import { hashString, hexFrom, intBetween, profileIdFrom, seededRandom, slugify, unit } from './rng';

export type Distance = 'DISTANCE_1' | 'DISTANCE_2' | 'DISTANCE_3';

export type MemberProfile = {
  profileId: string;
  memberId: number;
  publicIdentifier: string;
  firstName: string;
  lastName: string;
  headline: string;
  pictureId: string | null;
};

export type Invitation = {
  id: string;
  sharedSecret: string;
  personIndex: number;
  message: string | null;
  sentAt: Date;
  state: 'PENDING' | 'ACCEPTED' | 'WITHDRAWN';
  settledAt: Date | null;
};

export type Message = { id: string; from: 'me' | 'them'; text: string; at: Date };
export type Conversation = { id: string; personIndex: number; messages: Message[]; replied: boolean };
export type Reaction = { activityId: string; reactionType: string; at: Date };
export type Comment = { id: string; activityId: string; text: string; at: Date };

/** Everything a simulated member did, and what the network did back. Lives in memory only. */
export type Member = {
  key: string;
  seed: number;
  profile: MemberProfile;
  baseConnections: Set<number>;
  addedConnections: Map<number, { connectedAt: Date; invitationId: string }>;
  invitations: Map<string, Invitation>;
  reactions: Map<string, Reaction>;
  comments: Comment[];
  conversations: Map<number, Conversation>;
  profileViews: Array<{ personIndex: number; at: Date }>;
  notesAllowed: boolean;
};

/**
 * The simulated member behind a session cookie: the same cookie value always gives the same member.
 * `seed` draws the person (a hash of the cookie, by default of the key); a kept member is drawn again from
 * its saved seed, as the world keeps a hash of the cookie as its key, never the cookie.
 */
export const createMember = (network: Network, key: string, seed = hashString(key, network.seed)): Member => {
  const random = seededRandom(seed);
  const faker = seededFaker(seed);
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const title = faker.person.jobTitle();
  const profile: MemberProfile = {
    profileId: profileIdFrom(random),
    memberId: 10_000_000 + intBetween(random, 0, 989_999_999),
    publicIdentifier: `${slugify(firstName)}-${slugify(lastName)}-${hexFrom(random, 5)}`,
    firstName,
    lastName,
    headline: `${title} at ${faker.company.name()}`,
    pictureId: random() < 0.9 ? `C4E03AQ${hexFrom(random, 16).toUpperCase()}` : null,
  };
  // Generated people only: people made up later must not change who a member already knows.
  const size = network.generatedSize;
  const wanted = Math.min(Math.floor(size * 0.3), intBetween(random, 150, 400));
  const baseConnections = new Set<number>();
  while (baseConnections.size < wanted) baseConnections.add(Math.floor(random() * size));
  return {
    key,
    seed,
    profile,
    baseConnections,
    addedConnections: new Map(),
    invitations: new Map(),
    reactions: new Map(),
    comments: [],
    conversations: new Map(),
    profileViews: [],
    notesAllowed: true,
  };
};

export const isConnected = (member: Member, person: Person): boolean =>
  member.baseConnections.has(person.index) || member.addedConnections.has(person.index);

/**
 * Network distance. Simplified: instead of walking a social graph, a person who is not a 1st-degree
 * connection is 2nd degree for ~45% of members and 3rd+ for the rest, by a hash of the pair.
 */
export const distanceOf = (member: Member, person: Person): Distance => {
  if (isConnected(member, person)) return 'DISTANCE_1';
  return unit(member.seed, person.index, 'distance') < 0.45 ? 'DISTANCE_2' : 'DISTANCE_3';
};

export const pendingInvitationTo = (member: Member, person: Person): Invitation | undefined => {
  for (const inv of member.invitations.values()) {
    if (inv.personIndex === person.index && inv.state === 'PENDING') return inv;
  }
  return undefined;
};

const REPLIES = [
  'Thanks for reaching out, {name}! Happy to chat next week.',
  'Hi {name}, appreciate the message. What did you have in mind?',
  'Interesting timing, we were just discussing this. Send me some times?',
  'Thanks {name}, not a priority right now but keep me posted.',
];

export const replyText = (member: Member, person: Person): string => {
  const template =
    REPLIES[Math.floor(unit(member.seed, person.index, 'reply') * REPLIES.length)] ?? REPLIES[0] ?? '';
  return template.replaceAll('{name}', member.profile.firstName);
};

export type Ids = { next: (prefix?: string) => string };

export const acceptInvitation = (member: Member, inv: Invitation, at: Date): void => {
  inv.state = 'ACCEPTED';
  inv.settledAt = at;
  member.addedConnections.set(inv.personIndex, { connectedAt: at, invitationId: inv.id });
};

export const addReply = (ids: Ids, conversation: Conversation, text: string, at: Date): void => {
  conversation.messages.push({ id: ids.next('2-'), from: 'them', text, at });
  conversation.messages.sort((a, b) => a.at.getTime() - b.at.getTime());
  conversation.replied = true;
};

/**
 * Lets simulated time act: invitations whose person accepts are accepted once their delay has passed,
 * and a person who answers follow-ups replies some days after the member's first message. Runs lazily,
 * whenever the member's state is read, so an injected clock can move time in tests.
 */
export const settleMember = (network: Network, ids: Ids, member: Member, now: Date, dayMs: number): void => {
  const nowMs = now.getTime();
  for (const inv of member.invitations.values()) {
    if (inv.state !== 'PENDING') continue;
    const person = network.people[inv.personIndex];
    if (!person?.traits.acceptsInvitations) continue;
    const due = inv.sentAt.getTime() + person.traits.acceptDelayDays * dayMs;
    if (due <= nowMs) acceptInvitation(member, inv, new Date(due));
  }
  for (const conversation of member.conversations.values()) {
    const person = network.people[conversation.personIndex];
    if (conversation.replied || !person?.traits.repliesToFollowUp) continue;
    const first = conversation.messages.find((m) => m.from === 'me');
    if (!first) continue;
    const due = first.at.getTime() + person.traits.replyDelayDays * dayMs;
    if (due <= nowMs) addReply(ids, conversation, replyText(member, person), new Date(due));
  }
};

export const memberName = (member: Member): string => fullName(member.profile);
