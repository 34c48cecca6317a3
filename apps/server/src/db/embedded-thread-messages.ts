/**
 * What the server's thread and the embedded database's thread (embedded-thread.ts) say to each other. Only
 * structured-clone values cross: rows, parameters, Blobs, Dates, typed arrays; never functions.
 */

/** The options of a statement that can cross: drizzle's parsers are all "keep the text" (see identityParsers). */
export type CrossingQueryOptions = {
  rowMode?: 'array' | 'object';
  /** Type OIDs whose values stay as PostgreSQL's text. */
  textTypes?: number[];
  paramTypes?: number[];
  blob?: Blob | File;
};

export type Request =
  | { id: number; op: 'query'; text: string; params: unknown[]; options: CrossingQueryOptions; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** The answer to `close`: whether the thread is left as a fresh one would be, so another database may open in it. */
export type Closed = { reusable: boolean };

/** What the server's thread sends: a database to open (first thing, and again in a thread kept idle), or a call. */
export type Command = { op: 'start'; start: ThreadStart } | Request;

/** An error as it crosses: its class name, message, stack and PostgreSQL's fields (code, detail, …). */
export type CrossingError = {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
  cause?: CrossingError;
};

export type Report =
  | { type: 'ready' }
  | { type: 'failed'; error: CrossingError }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; error: CrossingError }
  | { type: 'notify'; channel: string; payload: string }
  | { type: 'disk-full'; error: CrossingError }
  | { type: 'vacuum-failed'; error: CrossingError };

/** What a database is opened with: sent as the thread's first message, and again to a thread reused. */
export type ThreadStart = {
  /** PGlite's data directory; undefined: in memory. */
  dataDir: string | undefined;
  loadDataDir: Blob | undefined;
  /** PostgreSQL settings on top of PGlite's defaults (`-c name=value` at start). */
  settings: Record<string, string>;
  migrationsFolder: string;
  vacuumEveryMs: number;
};

/** PostgreSQL's error fields and the like: the primitive own properties, whatever the error's class. */
export const toCrossingError = (error: unknown, depth = 0): CrossingError => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: CrossingError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'query' || key === 'params') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return {
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    fields,
    ...(error.cause !== undefined && depth < 3 ? { cause: toCrossingError(error.cause, depth + 1) } : {}),
  };
};

/**
 * The error again on this side, with its fields (so `code === '23505'` and the like still hold) and the
 * embedded thread's stack, where the statement failed, before this thread's own.
 */
export const fromCrossingError = (crossing: CrossingError): Error => {
  const error = new Error(
    crossing.message,
    crossing.cause ? { cause: fromCrossingError(crossing.cause) } : {},
  );
  error.name = crossing.name;
  Object.assign(error, crossing.fields);
  if (crossing.stack)
    error.stack = `${crossing.stack}\n    --- in the embedded database's thread, for:${error.stack?.slice(error.stack.indexOf('\n')) ?? ''}`;
  return error;
};
