import { LIST_PAGES_CHANGED_CHANNEL } from '../../db/notify-channels';
import type { Database } from '../../db/open-database';

/** A backstop only: every change to a user's lists, leads or imports invalidates at commit. */
const TTL_MS = 30_000;
/** Pages kept per user (page and size combinations); past it the oldest goes. */
const MAX_PAGES_PER_USER = 32;
/**
 * Users whose page facts (lead total, page anchors: `remember`) are kept; past it the least recently read
 * goes. A user's anchors are one number per 250 leads (32 KB for 1,000,000 leads).
 */
const MAX_FACT_USERS = 1000;
/**
 * The kept JSON text in all, in characters (a page of 100 leads is ~40,000; 8 M is 200 such pages, 8-16 MB
 * as one- or two-byte strings): past it the users read the longest ago go first, so memory stays bounded
 * however many users and page sizes are asked for.
 */
export const LIST_PAGES_MAX_CHARS = 8 * 1024 * 1024;

export type ListPagesCache = {
  /**
   * The answer to `key` for this user: the kept JSON text, or `read`'s. `read` says whether its answer
   * may be kept (not when it depends on the clock, such as an import whose heartbeat may stop).
   */
  answer: (
    userId: string,
    key: string,
    read: () => Promise<{ json: string; keep: boolean }>,
  ) => Promise<string>;
  /**
   * A fact the user's pages are computed from (their lead total, their page anchors), kept, like the pages,
   * until the user's lists or leads change: `read`'s answer, or the kept one. Unlike a page, a fact is not
   * one of the 32 pages a user keeps, so paging through many pages still finds it.
   */
  remember: <T>(userId: string, key: string, read: () => Promise<T>) => Promise<T>;
  /** Whether a page is kept (tests). */
  has: (userId: string, key: string) => boolean;
  /** A user's lists or leads changed: their next pages read the database. */
  forgetUser: (userId: string) => void;
  /** Stops listening; the cache then keeps nothing. */
  stop: () => Promise<void>;
};

type Entry = { json: string; expiresAt: number };

/**
 * Pages of all_lists and all_leads by user, as the JSON text sent, so a repeated call runs no statement
 * and no serialization. Only caches while listening: the database notifies at commit whichever code
 * changed a user's lists, leads or imports (an import batch, a campaign taking a list, an engine update,
 * hand-run SQL), and the user's pages are dropped. Before `listen`, after `stop` and while the listening
 * connection is lost nothing is kept.
 */
export const createListPagesCache = ({
  now = Date.now,
  maxChars = LIST_PAGES_MAX_CHARS,
}: {
  now?: () => number;
  maxChars?: number;
} = {}): ListPagesCache & { listen: (database: Pick<Database, 'listen'>) => Promise<void> } => {
  // Least recently read user first (a read moves the user to the end).
  const byUser = new Map<string, Map<string, Entry>>();
  let chars = 0;
  let live = false;
  // The reads under way per user: a change to the user while one runs may not be in what it read, so
  // its page is then not kept. Per user, so changes to other users (an import's batches) do not stop it.
  const reading = new Map<string, Set<{ stale: boolean }>>();
  let unlisten: (() => Promise<void>) | null = null;
  // Least recently read user first, as byUser.
  const facts = new Map<string, Map<string, { value: unknown; expiresAt: number }>>();

  const dropUser = (userId: string): void => {
    for (const entry of byUser.get(userId)?.values() ?? []) chars -= entry.json.length;
    byUser.delete(userId);
  };
  const dropPage = (userId: string, pages: Map<string, Entry>, key: string): void => {
    chars -= pages.get(key)?.json.length ?? 0;
    pages.delete(key);
    if (pages.size === 0) byUser.delete(userId);
  };
  const forgetUser = (userId: string): void => {
    dropUser(userId);
    facts.delete(userId);
    for (const read of reading.get(userId) ?? []) read.stale = true;
  };
  const clear = (): void => {
    byUser.clear();
    facts.clear();
    chars = 0;
    for (const reads of reading.values()) for (const read of reads) read.stale = true;
  };
  const get = (userId: string, key: string): string | undefined => {
    if (!live) return undefined;
    const pages = byUser.get(userId);
    const entry = pages?.get(key);
    if (!pages || !entry) return undefined;
    if (entry.expiresAt <= now()) {
      dropPage(userId, pages, key);
      return undefined;
    }
    byUser.delete(userId);
    byUser.set(userId, pages);
    return entry.json;
  };
  const set = (userId: string, key: string, json: string): void => {
    if (json.length > maxChars) return;
    let pages = byUser.get(userId);
    if (pages?.has(key)) dropPage(userId, pages, key);
    pages = byUser.get(userId);
    if (pages && pages.size >= MAX_PAGES_PER_USER) {
      const oldest = pages.keys().next();
      if (!oldest.done) dropPage(userId, pages, oldest.value);
    }
    while (chars + json.length > maxChars) {
      const oldest = byUser.keys().next();
      if (oldest.done) break;
      dropUser(oldest.value);
    }
    pages = byUser.get(userId);
    if (!pages) {
      pages = new Map();
      byUser.set(userId, pages);
    }
    pages.set(key, { json, expiresAt: now() + TTL_MS });
    chars += json.length;
  };

  /** Runs `read`, telling `done` whether no change to the user came while it ran (so it may be kept). */
  const watched = async <T>(userId: string, read: () => Promise<T>, done: (value: T) => void) => {
    const mark = { stale: false };
    const reads = reading.get(userId) ?? new Set();
    reads.add(mark);
    reading.set(userId, reads);
    try {
      const value = await read();
      if (live && !mark.stale) done(value);
      return value;
    } finally {
      reads.delete(mark);
      if (reads.size === 0 && reading.get(userId) === reads) reading.delete(userId);
    }
  };
  const keepFact = (userId: string, key: string, value: unknown): void => {
    const kept = facts.get(userId) ?? new Map();
    facts.delete(userId);
    facts.set(userId, kept);
    kept.set(key, { value, expiresAt: now() + TTL_MS });
    while (facts.size > MAX_FACT_USERS) {
      const oldest = facts.keys().next();
      if (oldest.done) break;
      facts.delete(oldest.value);
    }
  };

  return {
    answer: async (userId, key, read) => {
      const kept = get(userId, key);
      if (kept !== undefined) return kept;
      const { json } = await watched(userId, read, ({ json, keep }) => {
        if (keep) set(userId, key, json);
      });
      return json;
    },
    remember: async <T>(userId: string, key: string, read: () => Promise<T>): Promise<T> => {
      const kept = live ? facts.get(userId) : undefined;
      const fact = kept?.get(key);
      if (kept && fact && fact.expiresAt > now()) {
        facts.delete(userId);
        facts.set(userId, kept);
        return fact.value as T;
      }
      return watched(userId, read, (value) => keepFact(userId, key, value));
    },
    has: (userId, key) => get(userId, key) !== undefined,
    forgetUser,
    listen: async (database) => {
      unlisten = await database.listen(LIST_PAGES_CHANGED_CHANNEL, {
        onNotify: (payload) => (payload ? forgetUser(payload) : clear()),
        onLive: (isLive) => {
          live = isLive;
          clear();
        },
      });
    },
    stop: async () => {
      await unlisten?.();
      live = false;
      clear();
    },
  };
};
