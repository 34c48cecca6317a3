import { CALLER_CHANGED_CHANNEL } from '../db/notify-channels';
import type { Database } from '../db/open-database';
import type { UserRow } from '../db/schema';

/** The signed-in caller of a request: the session's user row, as the caller lookup reads it. */
export type CachedCaller = { user: UserRow; sessionId: string };

/** What /api/me adds to the user row: the credit balance and the platforms with a working account. */
export type SessionFigures = { credits: number; connected: ReadonlySet<string> };

/**
 * A backstop only: every change to a session or a user invalidates at commit. Should a notification be
 * lost some other way than a dropped connection (which empties the cache), an entry still dies within it.
 */
const TTL_MS = 30_000;
/**
 * Sessions kept at most (about 1-2 KB each with the user row): past it the one stored longest ago goes, so
 * a flood of new sessions (sign-ins, attacks) cannot grow the process; expiry alone is checked only when a
 * session is read again, and most never are.
 */
export const MAX_CACHED_CALLERS = 10_000;

export type CallerCache = {
  get: (sessionId: string) => CachedCaller | undefined;
  /** Taken before reading a caller from the database; `set` keeps it only if nothing changed since. */
  mark: () => number;
  set: (caller: CachedCaller, mark: number) => void;
  /** A session ended or changed: its next request reads the database. */
  forgetSession: (sessionId: string) => void;
  /** A user changed (deactivated, a new password, a new profile): all their sessions read again. */
  forgetUser: (userId: string) => void;
  /** A user's session figures, when kept. */
  getFigures: (userId: string) => SessionFigures | undefined;
  /**
   * Keeps a user's figures (read after `mark`), for `validForMs` at most: a platform token that ends
   * then changes them without any write.
   */
  setFigures: (userId: string, figures: SessionFigures, mark: number, validForMs?: number) => void;
  /** A user's credits or platform connections changed: their next /api/me reads the database. */
  forgetFigures: (userId: string) => void;
  /** Stops listening; the cache then keeps nothing. */
  stop: () => Promise<void>;
};

type Entry = { caller: CachedCaller; expiresAt: number };
type FiguresEntry = { figures: SessionFigures; expiresAt: number };

/**
 * Signed-in callers by session, so a request skips the caller lookup. Only caches while it is listening
 * for changes: before `listen`, after `stop` and while the listening connection is lost, every request
 * reads the database and nothing is kept (whatever was kept is dropped when listening stops).
 */
export const createCallerCache = (
  now: () => number = Date.now,
  maxCallers: number = MAX_CACHED_CALLERS,
): CallerCache & {
  listen: (database: Pick<Database, 'listen'>) => Promise<void>;
} => {
  const bySession = new Map<string, Entry>();
  const sessionsByUser = new Map<string, Set<string>>();
  // Per user, beside the callers: /api/me runs on every page load, and with these it runs no statement.
  const figuresByUser = new Map<string, FiguresEntry>();
  let live = false;
  // Counts invalidations: a caller read before one of them may be the old state and is not kept.
  let changes = 0;
  let unlisten: (() => Promise<void>) | null = null;

  // A session leaves the cache (expired or pushed out): not a change, so lookups under way are still kept.
  const drop = (sessionId: string, entry: Entry): void => {
    bySession.delete(sessionId);
    const userId = entry.caller.user.id;
    const ids = sessionsByUser.get(userId);
    ids?.delete(sessionId);
    if (ids?.size === 0) {
      sessionsByUser.delete(userId);
      figuresByUser.delete(userId);
    }
  };
  const forgetSession = (sessionId: string): void => {
    changes += 1;
    const entry = bySession.get(sessionId);
    if (entry) drop(sessionId, entry);
  };
  const forgetFigures = (userId: string): void => {
    changes += 1;
    figuresByUser.delete(userId);
  };
  const forgetUser = (userId: string): void => {
    changes += 1;
    for (const sessionId of sessionsByUser.get(userId) ?? []) bySession.delete(sessionId);
    sessionsByUser.delete(userId);
    figuresByUser.delete(userId);
  };
  const clear = (): void => {
    changes += 1;
    bySession.clear();
    sessionsByUser.clear();
    figuresByUser.clear();
  };

  return {
    get: (sessionId) => {
      if (!live) return undefined;
      const entry = bySession.get(sessionId);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        drop(sessionId, entry);
        return undefined;
      }
      return entry.caller;
    },
    mark: () => changes,
    set: (caller, mark) => {
      if (!live || mark !== changes) return;
      // Set anew (not updated in place) so the Map's order stays the order of storing: oldest first.
      const previous = bySession.get(caller.sessionId);
      if (previous) drop(caller.sessionId, previous);
      while (bySession.size >= maxCallers) {
        const oldest = bySession.entries().next();
        if (oldest.done) break;
        drop(oldest.value[0], oldest.value[1]);
      }
      bySession.set(caller.sessionId, { caller, expiresAt: now() + TTL_MS });
      const ids = sessionsByUser.get(caller.user.id) ?? new Set<string>();
      ids.add(caller.sessionId);
      sessionsByUser.set(caller.user.id, ids);
    },
    forgetSession,
    forgetUser,
    getFigures: (userId) => {
      if (!live) return undefined;
      const entry = figuresByUser.get(userId);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        figuresByUser.delete(userId);
        return undefined;
      }
      return entry.figures;
    },
    setFigures: (userId, figures, mark, validForMs = TTL_MS) => {
      if (!live || mark !== changes) return;
      // Bounded by the callers kept: figures of a user none of whose sessions is kept are not kept either.
      if (!sessionsByUser.has(userId)) return;
      figuresByUser.set(userId, { figures, expiresAt: now() + Math.min(TTL_MS, validForMs) });
    },
    forgetFigures,
    listen: async (database) => {
      unlisten = await database.listen(CALLER_CHANGED_CHANNEL, {
        onNotify: (payload) => {
          if (payload.startsWith('s:')) forgetSession(payload.slice(2));
          else if (payload.startsWith('u:')) forgetUser(payload.slice(2));
          // The credit ledger and platform connection triggers (migration 0026_hot_path_indexes).
          else if (payload.startsWith('f:')) forgetFigures(payload.slice(2));
          else clear();
        },
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
