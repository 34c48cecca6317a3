/**
 * The embedded database's own thread (started by embedded-client.ts): PGlite, its migrations, its vacuum
 * rounds and the guards live here, so the engine's work (parsing, planning, executing, all synchronous
 * WebAssembly) runs beside the server's event loop instead of on it (docs/decisions/speed-and-memory.md, "The
 * embedded database in a thread of its own").
 *
 * The thread holds at most one database at a time, opened by a `start` message. Once it is closed cleanly the
 * server may keep the thread idle and send another `start` (docs/decisions/speed-and-memory.md, "Embedded
 * database threads kept for the next open"): everything a database uses (its PGlite, transactions, listeners,
 * vacuum timer, guard and prepared statements) lives in that database's session below and goes with it.
 */
import { parentPort } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import {
  type Closed,
  type Command,
  type CrossingQueryOptions,
  type Report,
  type Request,
  type ThreadStart,
  toCrossingError,
} from './embedded-thread-messages';
import { guardAgainstFullWal } from './pglite-full-wal-guard';
import { prepareHotReads } from './pglite-prepared';

const port = parentPort;
if (!port) throw new Error('embedded-thread.ts runs as a worker thread');
const report = (message: Report): void => port.postMessage(message);

const keepText = (text: string): string => text;
/**
 * One parsers object per set of types, so what is derived from it (pglite-prepared.ts) is kept too. Shared by
 * the databases a thread opens one after the other: the parsers only keep text, and the derived merges are
 * kept per PGlite.
 */
const textParsers = new Map<string, NonNullable<QueryOptions['parsers']>>();
const parsersOf = (options: CrossingQueryOptions): QueryOptions => {
  const { textTypes, ...rest } = options;
  if (!textTypes?.length) return rest;
  const key = textTypes.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(textTypes.map((type) => [type, keepText]));
    textParsers.set(key, parsers);
  }
  return { ...rest, parsers };
};

const open = async (start: ThreadStart): Promise<PGlite> => {
  const options = {
    // pg_trgm: the admin user search (a GIN trigram index); PostgreSQL ships it in contrib.
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(start.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    ...(!start.dataDir && start.loadDataDir ? { loadDataDir: start.loadDataDir } : {}),
  };
  const client = start.dataDir ? await PGlite.create(start.dataDir, options) : await PGlite.create(options);
  prepareHotReads(client);
  guardAgainstFullWal(client, (error) => report({ type: 'disk-full', error: toCrossingError(error) }));
  await migrate(drizzle(client), { migrationsFolder: start.migrationsFolder });
  return client;
};

/** An open database: its calls, and how it closes. */
type Session = {
  answer: (request: Exclude<Request, { op: 'close' }>) => Promise<unknown>;
  /** Closes the database; whether it left nothing behind that a next database could meet. */
  close: () => Promise<Closed>;
};

const serve = (client: PGlite, vacuumEveryMs: number): Session => {
  /** Open transactions: each waits, inside PGlite's own `transaction`, for the server's commit or rollback. */
  const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
  let nextTx = 0;
  const listening = new Map<string, () => Promise<void>>();

  // PGlite queues statements on its one connection, so a round simply waits its turn between requests.
  let vacuuming: Promise<unknown> | null = null;
  const vacuumTimer = setInterval(() => {
    if (vacuuming) return;
    vacuuming = client
      .exec('VACUUM')
      .catch((error: unknown) => report({ type: 'vacuum-failed', error: toCrossingError(error) }))
      .finally(() => {
        vacuuming = null;
      });
  }, vacuumEveryMs);

  const runner = (tx: number | undefined): Pick<PGlite, 'query' | 'exec'> => {
    if (tx === undefined) return client;
    const open = transactions.get(tx);
    if (!open) throw new Error('The transaction has ended');
    return open.tx;
  };

  const begin = (): Promise<number> =>
    new Promise((begun, failed) => {
      const id = nextTx++;
      client
        .transaction(
          (tx) =>
            new Promise<void>((ended) => {
              transactions.set(id, {
                tx,
                end: (commit) => {
                  transactions.delete(id);
                  ended(commit ? undefined : tx.rollback());
                },
              });
              begun(id);
            }),
        )
        .then(
          () => endings.get(id)?.resolve(),
          (error: unknown) => {
            transactions.delete(id);
            const ending = endings.get(id);
            if (ending) ending.reject(error);
            else failed(error);
          },
        )
        .finally(() => endings.delete(id));
    });
  /** The server's `end` waits for PGlite's COMMIT (or ROLLBACK) to have run, and for its error. */
  const endings = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();
  const end = (tx: number, commit: boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const open = transactions.get(tx);
      if (!open) return reject(new Error('The transaction has ended'));
      endings.set(tx, { resolve, reject });
      open.end(commit);
    });

  const answer = async (request: Exclude<Request, { op: 'close' }>): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return runner(request.tx).query(request.text, request.params, parsersOf(request.options));
      case 'exec':
        return runner(request.tx).exec(request.text);
      case 'begin':
        return begin();
      case 'end':
        return end(request.tx, request.commit);
      case 'listen': {
        if (!listening.has(request.channel)) {
          const channel = request.channel;
          listening.set(
            channel,
            await client.listen(channel, (payload) => report({ type: 'notify', channel, payload })),
          );
        }
        return undefined;
      }
      case 'unlisten': {
        const unlisten = listening.get(request.channel);
        listening.delete(request.channel);
        await unlisten?.();
        return undefined;
      }
      case 'dump':
        return client.dumpDataDir('none');
    }
  };

  const close = async (): Promise<Closed> => {
    clearInterval(vacuumTimer);
    await vacuuming;
    // A transaction the server never ended would still hold PGlite's lock callbacks in this thread.
    const reusable = transactions.size === 0 && endings.size === 0;
    await client.close();
    return { reusable };
  };

  return { answer, close };
};

/** The open database; null before the first `start` and between a `close` and the next `start`. */
let session: Session | null = null;
let opening = false;

const openSession = (start: ThreadStart): void => {
  if (session || opening) {
    report({
      type: 'failed',
      error: toCrossingError(new Error('A database is already open in this thread')),
    });
    return;
  }
  opening = true;
  open(start).then(
    (client) => {
      opening = false;
      // Only the interval is kept: the start's tarball (tens of MB in tests) is not held for the session.
      session = serve(client, start.vacuumEveryMs);
      report({ type: 'ready' });
    },
    (error: unknown) => {
      opening = false;
      report({ type: 'failed', error: toCrossingError(error) });
    },
  );
};

const reply = (id: number, done: Promise<unknown>): void => {
  done.then(
    (value) => report({ type: 'reply', id, ok: true, value }),
    (error: unknown) => report({ type: 'reply', id, ok: false, error: toCrossingError(error) }),
  );
};

port.on('message', (command: Command) => {
  if (command.op === 'start') return openSession(command.start);
  const current = session;
  if (!current) return reply(command.id, Promise.reject(new Error('The embedded database is closed')));
  if (command.op !== 'close') return reply(command.id, current.answer(command));
  // From here on calls are refused at once, and the next `start` may come as soon as this is answered.
  session = null;
  reply(command.id, current.close());
});
