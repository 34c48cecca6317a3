import { randomBytes } from 'node:crypto';
import { type AudienceRef, audienceMembers } from './audiences';
import {
  type ChallengeMode,
  type ExpiryMode,
  memberOf,
  type RequestLogEntry,
  type SandboxContext,
  sessionFlags,
} from './context';
import { personAt } from './made-up-people';
import {
  acceptInvitation,
  addReply,
  distanceOf,
  type Member,
  pendingInvitationTo,
  replyText,
} from './members';
import { fullName, type Person } from './network';
import { sessionKeyOf } from './session-key';
import { activityUrn, fsdProfileUrn, pictureUrl } from './shapes';

export class SandboxControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type PersonSummary = {
  index: number;
  profileUrn: string;
  publicIdentifier: string;
  profileUrl: string;
  name: string;
  headline: string;
  location: string;
  company: string | null;
  industry: string;
  pictureUrl: string | null;
  posts: Array<{ postUrn: string; text: string; postedAt: string }>;
  traits: Person['traits'];
  /** Only when asked for a member (`liAt`): the person's distance from that member. */
  connectionDegree?: '1st' | '2nd' | '3rd+';
};

export type MemberState = {
  member: {
    profileUrn: string;
    publicIdentifier: string;
    name: string;
    notesAllowed: boolean;
    connections: number;
  };
  invitations: Array<{
    invitationUrn: string;
    profileUrn: string;
    publicIdentifier: string;
    message: string | null;
    sentAt: string;
    state: 'PENDING' | 'ACCEPTED' | 'WITHDRAWN';
    settledAt: string | null;
  }>;
  connectionsAdded: Array<{ profileUrn: string; publicIdentifier: string; connectedAt: string }>;
  reactions: Array<{ postUrn: string; authorProfileUrn: string; reactionType: string; at: string }>;
  comments: Array<{
    commentUrn: string;
    postUrn: string;
    authorProfileUrn: string;
    text: string;
    at: string;
  }>;
  messages: Array<{
    conversationUrn: string;
    profileUrn: string;
    publicIdentifier: string;
    from: 'me' | 'them';
    text: string;
    at: string;
  }>;
  profileViews: Array<{ profileUrn: string; publicIdentifier: string; at: string }>;
};

export type ThrottleOptions = { calls?: number; status?: 429 | 999; retryAfterSeconds?: number | null };

/** Test and demo levers of the sandbox; the same operations are served as JSON under `/__sandbox/`. */
export type SandboxControl = {
  info(): { seed: number; networkSize: number; daySeconds: number; now: string };
  /** The session cookie stops working: API calls answer 401 (or, by mode, a login redirect or a deleted li_at). */
  expireSession(liAt: string, mode?: ExpiryMode): void;
  /** A fresh session cookie for the same simulated member (what logging in again gives). */
  renewSession(liAt: string): string;
  throttle(liAt: string, options?: ThrottleOptions): void;
  /** Security check: calls redirect to /checkpoint/challenge/… (or answer 403) until resolved. */
  challenge(liAt: string, mode?: ChallengeMode): void;
  resolveChallenge(liAt: string): void;
  /** Holds the next calls of a session for `ms` before answering (to provoke client timeouts). */
  /** `path`: hold only calls whose path contains it, e.g. one action (`voyagerRelationshipsDashMemberRelationships`). */
  stall(liAt: string, options: { calls?: number; ms: number; path?: string }): void;
  setNotesAllowed(liAt: string, allowed: boolean): void;
  /** The person accepts the member's pending invitation now. `person`: profile URN, id, slug or profile URL. */
  acceptNow(liAt: string, person: string): void;
  /** The person replies in the member's conversation with them now. */
  replyNow(liAt: string, person: string, text?: string): void;
  memberState(liAt: string): MemberState;
  requests(liAt: string): RequestLogEntry[];
  /** People of the network; with `liAt`, each carries its connection degree for that member. */
  people(options?: { offset?: number; limit?: number; liAt?: string }): {
    total: number;
    people: PersonSummary[];
  };
  person(ref: string, liAt?: string): PersonSummary;
  /** Who a lead import of this audience should find, for the member of `liAt` (see audiences.ts). */
  audience(liAt: string, audience: AudienceRef): PersonSummary[];
  /** Moves the sandbox's clock forward (on top of the injected `now`). */
  advanceTime(ms: number): void;
  reset(): void;
};

const iso = (d: Date): string => d.toISOString();

export const findPerson = (ctx: SandboxContext, ref: string): Person => {
  const trimmed = ref.trim();
  const slug = /linkedin\.com\/in\/([^/?#]+)/.exec(trimmed)?.[1];
  const id = trimmed.replace(/^urn:li:(?:fsd_profile|fs_miniProfile):/, '');
  let publicIdentifier = trimmed;
  try {
    publicIdentifier = slug ? decodeURIComponent(slug) : trimmed;
  } catch {
    throw new SandboxControlError(404, 'No such person in the sandbox network');
  }
  const looksLikeId = /^urn:li:/.test(trimmed) || /^ACoAA[\w-]{34}$/.test(trimmed);
  const person =
    ctx.network.byPublicIdentifier.get(publicIdentifier) ??
    ctx.network.byProfileId.get(id) ??
    // Anyone at a well-formed profile address exists, as on LinkedIn (see made-up-people.ts).
    (looksLikeId ? undefined : personAt(ctx.network, publicIdentifier));
  if (!person) throw new SandboxControlError(404, 'No such person in the sandbox network');
  return person;
};

const DEGREES = { DISTANCE_1: '1st', DISTANCE_2: '2nd', DISTANCE_3: '3rd+' } as const;

const summary = (ctx: SandboxContext, p: Person, member?: Member): PersonSummary => {
  return {
    index: p.index,
    profileUrn: fsdProfileUrn(p.profileId),
    publicIdentifier: p.publicIdentifier,
    profileUrl: `https://www.linkedin.com/in/${p.publicIdentifier}`,
    name: fullName(p),
    headline: p.headline,
    location: p.geo.name,
    company: p.company?.name ?? null,
    industry: p.industry,
    pictureUrl: p.pictureId ? pictureUrl(ctx, p.pictureId) : null,
    posts: p.posts.map((post) => ({
      postUrn: activityUrn(post.activityId),
      text: post.text,
      postedAt: iso(post.postedAt),
    })),
    traits: { ...p.traits },
    ...(member ? { connectionDegree: DEGREES[distanceOf(member, p)] } : {}),
  };
};

const stateOf = (ctx: SandboxContext, member: Member): MemberState => {
  const person = (index: number) => {
    const p = ctx.network.people[index];
    if (!p) throw new Error('member state refers to a missing person');
    return p;
  };
  const who = (index: number) => ({
    profileUrn: fsdProfileUrn(person(index).profileId),
    publicIdentifier: person(index).publicIdentifier,
  });
  return {
    member: {
      profileUrn: fsdProfileUrn(member.profile.profileId),
      publicIdentifier: member.profile.publicIdentifier,
      name: fullName(member.profile),
      notesAllowed: member.notesAllowed,
      connections: member.baseConnections.size + member.addedConnections.size,
    },
    invitations: [...member.invitations.values()].map((inv) => ({
      invitationUrn: `urn:li:fsd_invitation:${inv.id}`,
      ...who(inv.personIndex),
      message: inv.message,
      sentAt: iso(inv.sentAt),
      state: inv.state,
      settledAt: inv.settledAt ? iso(inv.settledAt) : null,
    })),
    connectionsAdded: [...member.addedConnections.entries()].map(([index, c]) => ({
      ...who(index),
      connectedAt: iso(c.connectedAt),
    })),
    reactions: [...member.reactions.values()].map((r) => ({
      postUrn: activityUrn(r.activityId),
      authorProfileUrn: fsdProfileUrn(ctx.network.posts.get(r.activityId)?.person.profileId ?? ''),
      reactionType: r.reactionType,
      at: iso(r.at),
    })),
    comments: member.comments.map((c) => ({
      commentUrn: `urn:li:fsd_comment:(${c.id},${activityUrn(c.activityId)})`,
      postUrn: activityUrn(c.activityId),
      authorProfileUrn: fsdProfileUrn(ctx.network.posts.get(c.activityId)?.person.profileId ?? ''),
      text: c.text,
      at: iso(c.at),
    })),
    messages: [...member.conversations.values()].flatMap((c) =>
      c.messages.map((m) => ({
        conversationUrn: `urn:li:fs_conversation:${c.id}`,
        ...who(c.personIndex),
        from: m.from,
        text: m.text,
        at: iso(m.at),
      })),
    ),
    profileViews: member.profileViews.map((v) => ({ ...who(v.personIndex), at: iso(v.at) })),
  };
};

const requireLiAt = (liAt: string): string => {
  if (typeof liAt !== 'string' || liAt.trim() === '') throw new SandboxControlError(400, 'li_at is required');
  return liAt;
};

export type SandboxClock = { advance(ms: number): void; reset(): void };

export const createControl = (ctx: SandboxContext, clock: SandboxClock): SandboxControl => ({
  info: () => ({
    seed: ctx.network.seed,
    networkSize: ctx.network.generatedSize,
    daySeconds: ctx.dayMs / 1000,
    now: iso(ctx.now()),
  }),
  expireSession: (liAt, mode = 'unauthorized') => {
    sessionFlags(ctx, requireLiAt(liAt)).expired = mode;
  },
  renewSession: (liAt) => {
    const flags = sessionFlags(ctx, requireLiAt(liAt));
    const fresh = `AQEDA${randomBytes(24).toString('base64url')}`;
    ctx.sessions.set(sessionKeyOf(fresh), {
      memberKey: flags.memberKey,
      memberSeed: flags.memberSeed,
      expired: null,
      challenge: null,
      throttle: null,
      stall: null,
    });
    return fresh;
  },
  throttle: (liAt, { calls = 1, status = 429, retryAfterSeconds = 60 } = {}) => {
    sessionFlags(ctx, requireLiAt(liAt)).throttle = {
      remaining: Math.max(1, calls),
      status,
      retryAfterSeconds: status === 999 ? null : retryAfterSeconds,
    };
  },
  challenge: (liAt, mode = 'redirect') => {
    sessionFlags(ctx, requireLiAt(liAt)).challenge = mode;
  },
  resolveChallenge: (liAt) => {
    sessionFlags(ctx, requireLiAt(liAt)).challenge = null;
  },
  stall: (liAt, { calls = 1, ms, path }) => {
    sessionFlags(ctx, requireLiAt(liAt)).stall = {
      remaining: Math.max(1, calls),
      ms: Math.max(0, ms),
      path: path ?? null,
    };
  },
  setNotesAllowed: (liAt, allowed) => {
    memberOf(ctx, requireLiAt(liAt)).notesAllowed = allowed;
  },
  acceptNow: (liAt, ref) => {
    const member = memberOf(ctx, requireLiAt(liAt));
    const inv = pendingInvitationTo(member, findPerson(ctx, ref));
    if (!inv) throw new SandboxControlError(409, 'No pending invitation to this person');
    acceptInvitation(member, inv, ctx.now());
  },
  replyNow: (liAt, ref, text) => {
    const member = memberOf(ctx, requireLiAt(liAt));
    const person = findPerson(ctx, ref);
    const conversation = member.conversations.get(person.index);
    if (!conversation?.messages.some((m) => m.from === 'me')) {
      throw new SandboxControlError(409, 'The member has not written to this person');
    }
    addReply(ctx.ids, conversation, text ?? replyText(member, person), ctx.now());
  },
  memberState: (liAt) => stateOf(ctx, memberOf(ctx, requireLiAt(liAt))),
  requests: (liAt) => [...(ctx.requestLog.get(sessionFlags(ctx, requireLiAt(liAt)).memberKey) ?? [])],
  people: ({ offset = 0, limit = 50, liAt } = {}) => {
    const member = liAt ? memberOf(ctx, requireLiAt(liAt)) : undefined;
    const start = Math.max(0, offset);
    // The generated network; people made up from profile addresses are found with person().
    const end = Math.min(ctx.network.generatedSize, start + Math.max(0, limit));
    return {
      total: ctx.network.generatedSize,
      people: ctx.network.people.slice(start, end).map((p) => summary(ctx, p, member)),
    };
  },
  audience: (liAt, ref) => {
    const member = memberOf(ctx, requireLiAt(liAt));
    return [...audienceMembers(ctx.network, member, ref)]
      .sort((a, b) => a - b)
      .map((i) => ctx.network.people[i])
      .filter((p): p is Person => p !== undefined)
      .map((p) => summary(ctx, p, member));
  },
  person: (ref, liAt) =>
    summary(ctx, findPerson(ctx, ref), liAt ? memberOf(ctx, requireLiAt(liAt)) : undefined),
  advanceTime: (ms) => clock.advance(ms),
  reset: () => {
    ctx.members.clear();
    ctx.sessions.clear();
    ctx.requestLog.clear();
    clock.reset();
  },
});
