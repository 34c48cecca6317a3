import { createMember, type Ids, type Member, settleMember } from './members';
import type { Network } from './network';
import { hashString } from './rng';
import { sessionKeyOf } from './session-key';

export type ExpiryMode = 'unauthorized' | 'redirect' | 'cleared';
export type ChallengeMode = 'redirect' | 'forbidden';

/** What the control API has done to one session cookie. */
export type SessionFlags = {
  /** The member's key: the SHA-256 of the cookie that first signed them in (a renewed cookie keeps it). */
  memberKey: string;
  /** What the member's person is drawn from: a hash of that first cookie, so a kept world draws the same person. */
  memberSeed: number;
  expired: ExpiryMode | null;
  challenge: ChallengeMode | null;
  throttle: { remaining: number; status: 429 | 999; retryAfterSeconds: number | null } | null;
  /** `path`: only calls whose path contains it are held (null: any call). */
  stall: { remaining: number; ms: number; path: string | null } | null;
};

export type RequestLogEntry = { at: number; method: string; path: string; status: number | null };

/** Ids of invitations, comments and messages; the counter is kept with a persisted world. */
export type IdCounter = Ids & { last: () => bigint; resume: (last: bigint) => void };

export type SandboxContext = {
  network: Network;
  now: () => Date;
  /** How far the control API moved the clock (kept with a persisted world). */
  clockOffsetMs: number;
  dayMs: number;
  ids: IdCounter;
  /** Where browsers load profile pictures from (the sandbox's own URL unless told otherwise). */
  mediaBaseUrl: () => string;
  members: Map<string, Member>;
  /** By the SHA-256 of the session cookie (sessionKeyOf): the cookie itself is never kept. */
  sessions: Map<string, SessionFlags>;
  requestLog: Map<string, RequestLogEntry[]>;
  stalls: Set<() => void>;
  /** Saves the world if it changed (a no-op without a data directory); runs before every answer. */
  persist: () => void;
};

export const createIds = (): IdCounter => {
  let counter = 7_100_000_000_000_000_000n;
  return {
    next: (prefix = '') => {
      counter += 1n;
      return prefix ? `${prefix}${Buffer.from(counter.toString()).toString('base64')}` : counter.toString();
    },
    last: () => counter,
    resume: (last) => {
      if (last > counter) counter = last;
    },
  };
};

/** The flags of a session cookie; any non-empty value is a session of the member it derives. */
export const sessionFlags = (ctx: SandboxContext, liAt: string): SessionFlags => {
  const key = sessionKeyOf(liAt);
  let flags = ctx.sessions.get(key);
  if (!flags) {
    flags = {
      memberKey: key,
      memberSeed: hashString(liAt, ctx.network.seed),
      expired: null,
      challenge: null,
      throttle: null,
      stall: null,
    };
    ctx.sessions.set(key, flags);
  }
  return flags;
};

const memberOfSession = (ctx: SandboxContext, flags: SessionFlags): Member => {
  let member = ctx.members.get(flags.memberKey);
  if (!member) {
    member = createMember(ctx.network, flags.memberKey, flags.memberSeed);
    ctx.members.set(flags.memberKey, member);
  }
  return member;
};

/** The member behind a session cookie, with simulated time applied. */
export const memberOf = (ctx: SandboxContext, liAt: string): Member => {
  const member = memberOfSession(ctx, sessionFlags(ctx, liAt));
  settleMember(ctx.network, ctx.ids, member, ctx.now(), ctx.dayMs);
  return member;
};

export const logRequest = (ctx: SandboxContext, memberKey: string, entry: RequestLogEntry): void => {
  let log = ctx.requestLog.get(memberKey);
  if (!log) {
    log = [];
    ctx.requestLog.set(memberKey, log);
  }
  log.push(entry);
  if (log.length > 5000) log.splice(0, log.length - 5000);
};
