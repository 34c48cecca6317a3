import { keptJson } from '@sales-assist/sandbox-kit';
import type { SandboxContext, SessionFlags } from './context';
import { madeUpSlugs, restoreMadeUp } from './made-up-people';
import { createMember, type Invitation, type Member } from './members';
import type { Network } from './network';
import { hashString } from './rng';
import { sessionKeyOf } from './session-key';

/**
 * The sandbox's world on disk, so it survives restarts as LinkedIn's does: what each member did
 * (invitations, connections added, reactions, comments, conversations, profile views, notes setting),
 * the sessions the control API changed, the people made up from profile addresses, the id counter, the
 * clock moved by the control API and the day the network's posts are dated from. Everything else is
 * generated again from the seed.
 *
 * One JSON file, rewritten whole by the sandbox kit (keptJson) after every change that alters it. A
 * sandbox world is small (a few members and their actions), so a whole rewrite costs a millisecond.
 *
 * Sessions and members are kept by the SHA-256 of their cookie, never the cookie (version 2). A file of
 * version 1 (cookies in plain text) is read into the current shape and written again at start.
 */
const VERSION = 2;

type SavedMember = {
  /** The SHA-256 of the cookie that first signed the member in. */
  key: string;
  /** What the member's person is drawn from (a hash of that cookie). */
  seed: number;
  notesAllowed: boolean;
  addedConnections: Array<{ personIndex: number; connectedAt: string; invitationId: string }>;
  invitations: Array<Omit<Invitation, 'sentAt' | 'settledAt'> & { sentAt: string; settledAt: string | null }>;
  reactions: Array<{ activityId: string; reactionType: string; at: string }>;
  comments: Array<{ id: string; activityId: string; text: string; at: string }>;
  conversations: Array<{
    id: string;
    personIndex: number;
    replied: boolean;
    messages: Array<{ id: string; from: 'me' | 'them'; text: string; at: string }>;
  }>;
  profileViews: Array<{ personIndex: number; at: string }>;
};

export type SavedWorld = {
  version: number;
  seed: number;
  networkSize: number;
  /** Midnight UTC of the day the network's posts are dated before (ms). */
  anchorMs: number;
  clockOffsetMs: number;
  lastId: string;
  madeUp: string[];
  /** `key`: the SHA-256 of the session cookie. */
  sessions: Array<{ key: string } & Omit<SessionFlags, 'stall'>>;
  members: SavedMember[];
};

/** Version 1: sessions by their cookie, members by the cookie that first signed them in, in plain text. */
type SavedWorldV1 = Omit<SavedWorld, 'sessions' | 'members'> & {
  sessions: Array<{ liAt: string } & Omit<SessionFlags, 'stall' | 'memberSeed'>>;
  members: Array<Omit<SavedMember, 'seed'>>;
};

/** A version 1 world in the current shape: every cookie replaced by its SHA-256, each person kept. */
const fromVersion1 = (saved: SavedWorldV1): SavedWorld => ({
  ...saved,
  version: VERSION,
  sessions: saved.sessions.map(({ liAt, memberKey, ...flags }) => ({
    ...flags,
    key: sessionKeyOf(liAt),
    memberKey: sessionKeyOf(memberKey),
    memberSeed: hashString(memberKey, saved.seed),
  })),
  members: saved.members.map((member) => ({
    ...member,
    key: sessionKeyOf(member.key),
    seed: hashString(member.key, saved.seed),
  })),
});

const iso = (d: Date): string => d.toISOString();
const date = (s: string): Date => new Date(s);

const saveMember = (m: Member): SavedMember => ({
  key: m.key,
  seed: m.seed,
  notesAllowed: m.notesAllowed,
  addedConnections: [...m.addedConnections].map(([personIndex, c]) => ({
    personIndex,
    connectedAt: iso(c.connectedAt),
    invitationId: c.invitationId,
  })),
  invitations: [...m.invitations.values()].map((inv) => ({
    ...inv,
    sentAt: iso(inv.sentAt),
    settledAt: inv.settledAt ? iso(inv.settledAt) : null,
  })),
  reactions: [...m.reactions.values()].map((r) => ({ ...r, at: iso(r.at) })),
  comments: m.comments.map((c) => ({ ...c, at: iso(c.at) })),
  conversations: [...m.conversations.values()].map((c) => ({
    ...c,
    messages: c.messages.map((msg) => ({ ...msg, at: iso(msg.at) })),
  })),
  profileViews: m.profileViews.map((v) => ({ personIndex: v.personIndex, at: iso(v.at) })),
});

const loadMember = (network: Network, saved: SavedMember): Member => {
  const member = createMember(network, saved.key, saved.seed);
  member.notesAllowed = saved.notesAllowed;
  for (const c of saved.addedConnections)
    member.addedConnections.set(c.personIndex, {
      connectedAt: date(c.connectedAt),
      invitationId: c.invitationId,
    });
  for (const inv of saved.invitations)
    member.invitations.set(inv.id, {
      ...inv,
      sentAt: date(inv.sentAt),
      settledAt: inv.settledAt ? date(inv.settledAt) : null,
    });
  for (const r of saved.reactions) member.reactions.set(r.activityId, { ...r, at: date(r.at) });
  member.comments = saved.comments.map((c) => ({ ...c, at: date(c.at) }));
  for (const c of saved.conversations)
    member.conversations.set(c.personIndex, {
      ...c,
      messages: c.messages.map((msg) => ({ ...msg, at: date(msg.at) })),
    });
  member.profileViews = saved.profileViews.map((v) => ({ personIndex: v.personIndex, at: date(v.at) }));
  return member;
};

export const snapshotWorld = (ctx: SandboxContext, networkSize: number): SavedWorld => ({
  version: VERSION,
  seed: ctx.network.seed,
  networkSize,
  anchorMs: ctx.network.anchorMs,
  clockOffsetMs: ctx.clockOffsetMs,
  lastId: ctx.ids.last().toString(),
  madeUp: madeUpSlugs(ctx.network),
  sessions: [...ctx.sessions].map(([key, { stall: _stall, ...flags }]) => ({ key, ...flags })),
  members: [...ctx.members.values()].map(saveMember),
});

/** Puts a saved world back into a fresh context (same seed and size, network dated by its anchor). */
export const restoreWorld = (ctx: SandboxContext, saved: SavedWorld): void => {
  restoreMadeUp(ctx.network, saved.madeUp);
  ctx.clockOffsetMs = saved.clockOffsetMs;
  ctx.ids.resume(BigInt(saved.lastId));
  for (const { key, ...flags } of saved.sessions) ctx.sessions.set(key, { ...flags, stall: null });
  for (const m of saved.members) ctx.members.set(m.key, loadMember(ctx.network, m));
};

export type WorldFile = {
  /** The saved world, or null when there is none yet or it belongs to another seed or size. */
  read: (seed: number, networkSize: number) => SavedWorld | null;
  /** Writes the world if it changed since the last write. */
  write: (world: SavedWorld) => void;
  path: string;
};

export const worldFile = (dir: string): WorldFile => {
  const file = keptJson(dir);
  let last = '';
  return {
    path: file.path,
    read: (seed, networkSize) => {
      const kept = file.read();
      if (!kept) return null;
      const saved = kept.value as SavedWorld | SavedWorldV1;
      if (saved.seed !== seed || saved.networkSize !== networkSize) return null;
      const current =
        saved.version === 1
          ? fromVersion1(saved as SavedWorldV1)
          : saved.version === VERSION
            ? (saved as SavedWorld)
            : null;
      if (current) last = kept.text;
      return current;
    },
    write: (world) => {
      const text = JSON.stringify(world);
      if (text === last) return;
      file.write(text);
      last = text;
    },
  };
};
