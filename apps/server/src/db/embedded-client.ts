/**
 * The server's side of the embedded database: PGlite runs in a thread of its own (embedded-thread.ts) and
 * this client stands in for it with the part of PGlite's interface the server uses (what drizzle's PGlite
 * driver, the job queue and copyRows call): `query`, `exec`, `transaction`, `listen`, `dumpDataDir`, `close`.
 * Each call is one message there and one back; the engine's work no longer holds the event loop that answers
 * HTTP (docs/decisions/speed-and-memory.md, "The embedded database in a thread of its own").
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  type Closed,
  type Command,
  type CrossingQueryOptions,
  fromCrossingError,
  type Report,
  type Request,
  type ThreadStart,
} from './embedded-thread-messages';

/** Under tsx (development, tests) the thread runs the TypeScript source; the build has its own entry. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const THREAD_FILE = new URL(FROM_SOURCE ? './embedded-thread.ts' : './embedded-thread.js', import.meta.url);

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

const startThread = (): Worker =>
  new Worker(THREAD_FILE, {
    ...(FROM_SOURCE
      ? { execArgv: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] }
      : {}),
  });

/**
 * Threads whose database was closed cleanly, kept for the next open in this process, the last kept first.
 * Starting a thread costs its module graph again (under tsx, the TypeScript sources: about 0.3 s more than
 * the build), and the tests open a database per file, hundreds in a run. A server opens one database for its
 * life, so in production at most its one thread waits here after the close at shutdown, which does not hold
 * the process. Kept threads are unref'd, and ended when the pool is full or the process would exit.
 */
const KEEP_IDLE = 2;
const idle: { worker: Worker; forget: () => void }[] = [];

/** Ends a thread no database listens to any more: an unheard 'error' meanwhile would throw in this process. */
const endThread = (worker: Worker): Promise<number> => {
  worker.on('error', () => undefined);
  return worker.terminate();
};

const endIdle = (): void => {
  for (const { worker, forget } of idle.splice(0)) {
    worker.off('exit', forget);
    worker.off('error', forget);
    void endThread(worker);
  }
};

const keepIdle = (worker: Worker): void => {
  if (idle.length >= KEEP_IDLE) {
    void endThread(worker);
    return;
  }
  if (!process.listeners('beforeExit').includes(endIdle)) process.on('beforeExit', endIdle);
  // A kept thread that dies (out of memory) leaves the pool; its 'error' is followed by 'exit'.
  const forget = (): void => {
    const at = idle.findIndex((kept) => kept.worker === worker);
    if (at >= 0) idle.splice(at, 1);
  };
  worker.on('exit', forget);
  worker.on('error', forget);
  worker.unref();
  idle.push({ worker, forget });
};

/** The thread kept last, taken out of the pool, or undefined. */
const takeIdle = (): Worker | undefined => {
  const kept = idle.pop();
  if (!kept) return undefined;
  kept.worker.off('exit', kept.forget);
  kept.worker.off('error', kept.forget);
  kept.worker.ref();
  return kept.worker;
};

/**
 * drizzle passes `parsers` that keep dates, intervals and their arrays as PostgreSQL's text; functions cannot
 * cross to the thread, so such parsers cross as the list of their type OIDs. Anything else is refused.
 */
const checkedTextTypes = new WeakMap<object, number[]>();
const textTypesOf = (parsers: NonNullable<QueryOptions['parsers']>): number[] => {
  const known = checkedTextTypes.get(parsers);
  if (known) return known;
  const types = Object.entries(parsers).map(([type, parse]) => {
    if (parse('2026-01-02 03:04:05', Number(type)) !== '2026-01-02 03:04:05')
      throw new Error(`The embedded database takes only parsers that keep the text (type ${type})`);
    return Number(type);
  });
  checkedTextTypes.set(parsers, types);
  return types;
};

const crossingOptions = (options: QueryOptions | undefined): CrossingQueryOptions => {
  if (!options) return {};
  const { rowMode, parsers, paramTypes, blob, serializers, onNotice } = options;
  if (serializers || onNotice) throw new Error('The embedded database takes no serializers or onNotice');
  return {
    ...(rowMode ? { rowMode } : {}),
    ...(parsers ? { textTypes: textTypesOf(parsers) } : {}),
    ...(paramTypes ? { paramTypes } : {}),
    ...(blob ? { blob } : {}),
  };
};

/** A request before it is numbered (Omit over each member of the union). */
type Body = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** `query` and `exec`, on the database or inside one transaction. */
abstract class Statements {
  protected abstract send(body: Body): Promise<unknown>;
  /** The transaction the statements run in, if any. */
  protected abstract readonly tx: number | undefined;

  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const inTx = this.tx === undefined ? {} : { tx: this.tx };
    return this.send({ op: 'query', text, params, options: crossingOptions(options), ...inTx }) as Promise<
      Results<T>
    >;
  }

  async exec(text: string): Promise<Results[]> {
    const inTx = this.tx === undefined ? {} : { tx: this.tx };
    return this.send({ op: 'exec', text, ...inTx }) as Promise<Results[]>;
  }
}

/** What PGlite's `transaction` hands its callback. */
class EmbeddedTransaction extends Statements {
  closed = false;

  constructor(
    private readonly via: (body: Body) => Promise<unknown>,
    protected readonly tx: number,
  ) {
    super();
  }

  protected send(body: Body): Promise<unknown> {
    return this.via(body);
  }

  /** Rolls back now; the transaction then ends without a commit when the callback returns. */
  async rollback(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.send({ op: 'end', tx: this.tx, commit: false });
  }

  /** Commits, unless rolled back already. */
  async commit(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.send({ op: 'end', tx: this.tx, commit: true });
  }
}

export type EmbeddedEvents = {
  onDiskFull?: (error: Error) => void;
  onVacuumError?: (error: Error) => void;
};

class ThreadStopped extends Error {
  constructor(code: number) {
    super(`The embedded database's thread stopped (exit code ${code})`);
  }
}

export class EmbeddedClient extends Statements {
  /** Not #private: a test ends the thread as a crash would, and checks which thread a database got. */
  private readonly worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #next = 0;
  #stopped: Error | null = null;
  /** Takes this database's listeners off its thread, which may then serve another database. */
  #detach: () => void = () => undefined;

  protected readonly tx = undefined;

  private constructor(worker: Worker) {
    super();
    this.worker = worker;
  }

  /**
   * Opens the database in a kept thread if there is one, else in a new thread; resolves once it is open and
   * migrated. A kept thread found dead when it is handed the database is replaced by a new one, once.
   */
  static async open(start: ThreadStart, events: EmbeddedEvents = {}): Promise<EmbeddedClient> {
    const kept = takeIdle();
    if (!kept) return EmbeddedClient.#openIn(startThread(), start, events);
    try {
      return await EmbeddedClient.#openIn(kept, start, events);
    } catch (error) {
      if (!(error instanceof ThreadStopped)) throw error;
      return EmbeddedClient.#openIn(startThread(), start, events);
    }
  }

  static #openIn(worker: Worker, start: ThreadStart, events: EmbeddedEvents): Promise<EmbeddedClient> {
    const opened = new EmbeddedClient(worker);
    return new Promise((resolve, reject) => {
      const onMessage = (message: Report) => {
        switch (message.type) {
          case 'ready':
            worker.unref();
            return resolve(opened);
          case 'failed':
            // Never reused: a failed open may leave anything behind in the engine.
            opened.#stopped = fromCrossingError(message.error);
            opened.#detach();
            void endThread(worker);
            return reject(opened.#stopped);
          case 'reply':
            return opened.#settle(message);
          case 'notify':
            for (const listener of opened.#listeners.get(message.channel) ?? []) listener(message.payload);
            return;
          case 'disk-full':
            return events.onDiskFull?.(fromCrossingError(message.error));
          case 'vacuum-failed':
            return events.onVacuumError?.(fromCrossingError(message.error));
        }
      };
      // The thread died (out of memory, a crash in the engine): every call waiting and every later one fails.
      const lost = (error: Error): void => {
        opened.#stopped ??= error;
        for (const pending of opened.#pending.values()) pending.reject(error);
        opened.#pending.clear();
        reject(error);
      };
      const onExit = (code: number): void => lost(new ThreadStopped(code));
      worker.on('message', onMessage);
      worker.on('error', lost);
      worker.on('exit', onExit);
      opened.#detach = () => {
        worker.off('message', onMessage);
        worker.off('error', lost);
        worker.off('exit', onExit);
      };
      worker.postMessage({ op: 'start', start } satisfies Command);
    });
  }

  protected send(body: Body): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    return this.#post(body);
  }

  #post(body: Body): Promise<unknown> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      // While a call waits, the thread keeps the process alive (an idle one does not hold it open).
      if (this.#pending.size === 0) this.worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...body, id } as Request);
    });
  }

  #settle(message: Extract<Report, { type: 'reply' }>): void {
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.worker.unref();
    if (message.ok) pending.resolve(message.value);
    else pending.reject(fromCrossingError(message.error));
  }

  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const tx = new EmbeddedTransaction(
      (body) => this.send(body),
      (await this.send({ op: 'begin' })) as number,
    );
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await tx.rollback();
      throw error;
    }
    await tx.commit();
    return result;
  }

  /**
   * A notification reaches its listeners before the result of the statement that committed it: the thread
   * posts it first, and messages arrive in order.
   */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.#listeners.get(channel) ?? new Set();
    this.#listeners.set(channel, listeners);
    listeners.add(listener);
    if (listeners.size === 1) await this.send({ op: 'listen', channel });
    return async () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        this.#listeners.delete(channel);
        await this.send({ op: 'unlisten', channel });
      }
    };
  }

  dumpDataDir(): Promise<Blob> {
    return this.send({ op: 'dump' }) as Promise<Blob>;
  }

  /**
   * Calls made from here on are refused. The thread is kept for the next open only when its database closed
   * cleanly (no transaction left open in it) and every call had its answer before the close's: then nothing
   * of this database can reach the next one, whose messages come only after a new `start`.
   */
  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = new Error('The embedded database is closed');
    let closed: Closed = { reusable: false };
    try {
      closed = (await this.#post({ op: 'close' })) as Closed;
    } finally {
      const clean = closed.reusable && this.#pending.size === 0;
      this.#detach();
      if (clean) keepIdle(this.worker);
      else await endThread(this.worker);
    }
  }
}
