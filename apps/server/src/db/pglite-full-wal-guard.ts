import type { PGlite } from '@electric-sql/pglite';

/** PostgreSQL's disk_full, so the central handler answers 507 (lib/core/faults/disk-space.ts). */
const DISK_FULL = '53100';

/** What every statement is refused with once the embedded database could not write its log. */
export class EmbeddedDatabaseStopped extends Error {
  readonly code = DISK_FULL;
  constructor(override readonly cause: unknown) {
    super(
      'The embedded database could not write its log because the disk is full: it takes no statement until the server is restarted (free space first)',
    );
  }
}

const isWalWriteFailure = (error: unknown): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === DISK_FULL && typeof message === 'string' && message.includes('pg_wal');
};

/**
 * PGlite answers a full disk on a table or index with PostgreSQL's own 53100 error and goes on working,
 * but after it failed to write its write-ahead log ("could not write to file pg_wal/xlogtemp…: No space left
 * on device") its next statement, whatever it is, spins forever inside the engine: the process's event loop
 * is held, nothing answers (not /api/health), and freeing space does not bring it back. Measured on a full
 * tmpfs; the report's "busy in a loop" hang. PostgreSQL itself would restart its backend; PGlite cannot in
 * place. So after such a failure every later statement is refused at once with EmbeddedDatabaseStopped
 * (answered 507), and `onStopped` is told once (the log says to free space and restart); the data on disk
 * is intact, and a restart recovers it. Every statement of PGlite goes through these methods (query,
 * exec and transactions alike).
 */
export const guardAgainstFullWal = (client: PGlite, onStopped: (error: unknown) => void): void => {
  let stopped: EmbeddedDatabaseStopped | null = null;
  const guarded = client as unknown as Record<
    'execProtocol' | 'execProtocolStream' | 'execProtocolRaw' | 'execProtocolRawStream' | 'query',
    (...args: unknown[]) => Promise<unknown>
  >;
  // `query` too: the prepared reads (pglite-prepared.ts, installed before this) read the engine's raw
  // answer and throw its errors themselves.
  for (const name of [
    'execProtocol',
    'execProtocolStream',
    'execProtocolRaw',
    'execProtocolRawStream',
    'query',
  ] as const) {
    const original = guarded[name].bind(client);
    guarded[name] = async (...args) => {
      if (stopped) throw stopped;
      try {
        return await original(...args);
      } catch (error) {
        if (isWalWriteFailure(error) && !stopped) {
          stopped = new EmbeddedDatabaseStopped(error);
          onStopped(error);
        }
        throw error;
      }
    };
  }
};
