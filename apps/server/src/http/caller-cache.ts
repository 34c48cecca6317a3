import { CALLER_CHANGED_CHANNEL } from '../db/notify-channels';
import type { Database } from '../db/open-database';
import type { UserRow } from '../db/schema';

/** The signed-in caller of a request: the session's user row, as the caller lookup reads it. */
export type CachedCaller = { user: UserRow; sessionId: string };

/**
 * A backstop only: every change to a session or a user invalidates at commit. Should a notification be
 * lost some other way than a dropped connection (which empties the cache), an entry still dies within it.
 */
const TTL_MS = 30_000;

export type CallerCache = {
  get: (sessionId: string) => CachedCaller | undefined;
  /** Taken before reading a caller from the database; `set` keeps it only if nothing changed since. */
  mark: () => number;
  set: (caller: CachedCaller, mark: number) => void;
  /** A session ended or changed: its next request reads the database. */
  forgetSession: (sessionId: string) => void;
  /** A user changed (deactivated, a new password, a new profile): all their sessions read again. */
  forgetUser: (userId: string) => void;
  /** Stops listening; the cache then keeps nothing. */
  stop: () => Promise<void>;
};

type Entry = { caller: CachedCaller; expiresAt: number };

/**
 * Signed-in callers by session, so a request skips the caller lookup. Only caches while it is listening
 * for changes: before `listen`, after `stop` and while the listening connection is lost, every request
 * reads the database and nothing is kept (whatever was kept is dropped when listening stops).
 */
export const createCallerCache = (
  now: () => number = Date.now,
): CallerCache & {
  listen: (database: Pick<Database, 'listen'>) => Promise<void>;
} => {
  const bySession = new Map<string, Entry>();
  const sessionsByUser = new Map<string, Set<string>>();
  let live = false;
  // Counts invalidations: a caller read before one of them may be the old state and is not kept.
  let changes = 0;
  let unlisten: (() => Promise<void>) | null = null;

  const forgetSession = (sessionId: string): void => {
    changes += 1;
    const entry = bySession.get(sessionId);
    if (!entry) return;
    bySession.delete(sessionId);
    const userId = entry.caller.user.id;
    const ids = sessionsByUser.get(userId);
    ids?.delete(sessionId);
    if (ids?.size === 0) sessionsByUser.delete(userId);
  };
  const forgetUser = (userId: string): void => {
    changes += 1;
    for (const sessionId of sessionsByUser.get(userId) ?? []) bySession.delete(sessionId);
    sessionsByUser.delete(userId);
  };
  const clear = (): void => {
    changes += 1;
    bySession.clear();
    sessionsByUser.clear();
  };

  return {
    get: (sessionId) => {
      if (!live) return undefined;
      const entry = bySession.get(sessionId);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        bySession.delete(sessionId);
        sessionsByUser.get(entry.caller.user.id)?.delete(sessionId);
        return undefined;
      }
      return entry.caller;
    },
    mark: () => changes,
    set: (caller, mark) => {
      if (!live || mark !== changes) return;
      bySession.set(caller.sessionId, { caller, expiresAt: now() + TTL_MS });
      const ids = sessionsByUser.get(caller.user.id) ?? new Set<string>();
      ids.add(caller.sessionId);
      sessionsByUser.set(caller.user.id, ids);
    },
    forgetSession,
    forgetUser,
    listen: async (database) => {
      unlisten = await database.listen(CALLER_CHANGED_CHANNEL, {
        onNotify: (payload) => {
          if (payload.startsWith('s:')) forgetSession(payload.slice(2));
          else if (payload.startsWith('u:')) forgetUser(payload.slice(2));
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
