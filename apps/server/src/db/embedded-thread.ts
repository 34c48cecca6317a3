/**
 * The embedded database's own thread (started by embedded-client.ts): PGlite, its migrations, its vacuum
 * rounds and the guards live here, so the engine's work (parsing, planning, executing, all synchronous
 * WebAssembly) runs beside the server's event loop instead of on it (docs/decisions.md, "The embedded
 * database in a thread of its own").
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import {
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
const start = workerData as ThreadStart;
const report = (message: Report): void => port.postMessage(message);

const keepText = (text: string): string => text;
/** One parsers object per set of types, so what is derived from it (pglite-prepared.ts) is kept too. */
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

const open = async (): Promise<PGlite> => {
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

const serve = (client: PGlite): void => {
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
  }, start.vacuumEveryMs);

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

  const answer = async (request: Request): Promise<unknown> => {
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
      case 'close':
        clearInterval(vacuumTimer);
        await vacuuming;
        await client.close();
        return undefined;
    }
  };

  port.on('message', (request: Request) => {
    answer(request).then(
      (value) => {
        report({ type: 'reply', id: request.id, ok: true, value });
        if (request.op === 'close') port.close();
      },
      (error: unknown) => report({ type: 'reply', id: request.id, ok: false, error: toCrossingError(error) }),
    );
  });
};

open().then(
  (client) => {
    serve(client);
    report({ type: 'ready' });
  },
  (error: unknown) => report({ type: 'failed', error: toCrossingError(error) }),
);
