import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/** A statement text is prepared once it has run this many times: one-off texts never take the room. */
const PREPARE_AFTER = 3;
/** Prepared statements kept; past it the least recently used is deallocated. */
const MAX_PREPARED = 200;
/** Texts counted towards PREPARE_AFTER; past it the count starts over (one-off texts cannot grow it). */
const MAX_COUNTED = 2_000;

/** Read-only statements only: their results are rows, and nothing they do needs the per-query bookkeeping. */
const READ_ONLY = /^\s*select\b/i;
const WRITES = /\b(insert|update|delete|merge|for\s+update|for\s+share|nextval|setval|pg_notify)\b/i;

type Prepared = { name: string; paramTypes: number[] };

/** The parts of PGlite this relies on that its type declarations keep protected. */
type Internals = {
  _runExclusiveTransaction: <T>(run: () => Promise<T>) => Promise<T>;
  _runExclusiveQuery: <T>(run: () => Promise<T>) => Promise<T>;
  _checkReady: () => Promise<void>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (text: string, typeId?: number) => unknown>;
};

/**
 * Server-side prepared statements for the embedded database's hot reads. PGlite's `query` parses, plans
 * and describes every statement anew, in six calls into the engine: for a list page that is two thirds
 * of its cost (measured: 1.2 ms of CPU a call against 0.45 ms for the same statement prepared once).
 * PostgreSQL's own drivers keep named statements per connection; this does the same for PGlite's one
 * connection: a SELECT that keeps coming back (drizzle's `.prepare()`d statements and any other
 * repeated text) is prepared under a name of its own, then each call is one bind, describe, execute
 * and sync in a single call into the engine. PostgreSQL replans a prepared statement by itself when a
 * table it reads changes. Anything else (writes, parameterless statements, blobs) goes the usual way.
 */
const concatenated = (messages: Uint8Array[]): Uint8Array => {
  const size = messages.reduce((sum, message) => sum + message.length, 0);
  const buffer = new Uint8Array(size);
  let at = 0;
  for (const message of messages) {
    buffer.set(message, at);
    at += message.length;
  }
  return buffer;
};

export const prepareHotReads = (client: PGlite): void => {
  const internals = client as unknown as Internals;
  const query = client.query.bind(client);
  const counts = new Map<string, number>();
  // Least recently used first: a use moves the statement to the end.
  const prepared = new Map<string, Prepared>();
  let next = 0;

  const engine = async (messages: Uint8Array[]) => {
    return client.execProtocolStream(concatenated(messages), { syncToFs: false });
  };

  /**
   * The engine's answer as bytes, read by node-postgres's own protocol parser (pg-protocol): PGlite's reader
   * copies every field into an ArrayBuffer of its own before decoding it, which was the largest part of a
   * page's cost in the thread after the engine itself; pg-protocol decodes straight from the Buffer. A read
   * sends no notification, so nothing PGlite's reader would hand to listeners is passed over.
   */
  const engineRaw = async (messages: Uint8Array[]): Promise<BackendMessage[]> => {
    const parser = new Parser();
    const parsed: BackendMessage[] = [];
    await client.execProtocolRawStream(concatenated(messages), {
      syncToFs: false,
      // A view into the engine's memory, valid during this call only: Buffer.from copies it.
      onRawData: (chunk) => parser.parse(Buffer.from(chunk), (message) => parsed.push(message)),
    });
    const failure = parsed.find((message) => message.name === 'error');
    if (failure) throw failure;
    return parsed;
  };

  /** Parses and describes the text under a new name; deallocates the least recently used past the cap. */
  const prepare = async (text: string, options?: QueryOptions): Promise<Prepared> => {
    if (prepared.size >= MAX_PREPARED) {
      const [oldestText, oldest] = prepared.entries().next().value ?? [];
      if (oldestText !== undefined && oldest) {
        prepared.delete(oldestText);
        await engine([protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync()]);
      }
    }
    const name = `hot_${next++}`;
    try {
      const described = await engine([
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]);
      const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
      prepared.set(text, statement);
      return statement;
    } catch (error) {
      // The engine answered with an error and a sync: the connection is ready again.
      await engine([protocol.serialize.sync()]).catch(() => undefined);
      throw error;
    }
  };

  const merged = new WeakMap<object, Internals['parsers']>();
  const mergedParsers = (own: NonNullable<QueryOptions['parsers']>): Internals['parsers'] => {
    let parsers = merged.get(own);
    if (!parsers) {
      parsers = { ...internals.parsers, ...own };
      merged.set(own, parsers);
    }
    return parsers;
  };

  const run = async <T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    await internals._checkReady();
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(async () => {
        let statement = prepared.get(text);
        if (statement) {
          prepared.delete(text);
          prepared.set(text, statement);
        } else {
          statement = await prepare(text, options);
        }
        const { paramTypes } = statement;
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const type = paramTypes[i] ?? 0;
          const serialize = options?.serializers?.[type] ?? internals.serializers[type];
          return serialize ? serialize(param) : String(param);
        });
        let messages: BackendMessage[];
        try {
          messages = await engineRaw([
            protocol.serialize.bind({ statement: statement.name, values: values as string[] }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]);
        } catch (error) {
          // The sync ran after the error, so the connection is ready. Whatever failed (bad input, or a
          // table changed under the statement), the statement is prepared afresh next time.
          prepared.delete(text);
          await engine([
            protocol.serialize.close({ type: 'S', name: statement.name }),
            protocol.serialize.sync(),
          ]).catch(() => undefined);
          throw error;
        }
        await client.syncToFs();
        // PGlite's parseResults merges a call's own parsers into all of its parsers by copying them, at
        // every call: merged once per set of parsers here instead.
        const parsers = options?.parsers ? mergedParsers(options.parsers) : internals.parsers;
        // pg-protocol's messages are the shapes PGlite's own reader makes (PGlite's is derived from it).
        return parse.parseResults(
          messages as unknown as Parameters<typeof parse.parseResults>[0],
          parsers,
          options?.rowMode ? { rowMode: options.rowMode } : undefined,
        )[0] as Results<T>;
      }),
    );
  };

  client.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (!params?.length || options?.blob || !READ_ONLY.test(text) || WRITES.test(text)) {
      return query<T>(text, params, options);
    }
    if (!prepared.has(text)) {
      const seen = (counts.get(text) ?? 0) + 1;
      if (counts.size >= MAX_COUNTED) counts.clear();
      counts.set(text, seen);
      if (seen < PREPARE_AFTER) return query<T>(text, params, options);
      counts.delete(text);
    }
    return run<T>(text, params, options);
  }) as PGlite['query'];
};
