import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { EmbeddedClient } from './embedded-client';
import type { Db } from './open-database';

/** An identifier the code chose itself (a table or column name), never user input. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * The driver client under a drizzle database: drizzle keeps it as `$client` (the embedded database's
 * client or a pg Pool, as open-database.ts made it), which its PgDatabase type does not declare.
 */
const clientOf = (db: Db): EmbeddedClient | pg.Pool => {
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof EmbeddedClient || client instanceof pg.Pool) return client;
  throw new Error('copyRows: the database is neither PGlite nor a pg Pool');
};

/**
 * Bulk-loads CSV text (PostgreSQL COPY FORMAT csv: an unquoted empty field is NULL) into a table, one
 * chunk at a time as the chunks come: on PostgreSQL one `COPY … FROM STDIN` stream (pg-copy-streams);
 * on PGlite one `COPY … FROM '/dev/blob'` per chunk, so other queries get their turn in between.
 * Not transactional across chunks: load into a staging table and move the rows in one statement.
 */
export const copyRows = async (
  db: Db,
  target: { table: string; columns: readonly string[] },
  chunks: AsyncIterable<string>,
): Promise<void> => {
  for (const name of [target.table, ...target.columns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`copyRows: not an identifier: ${name}`);
  }
  const client = clientOf(db);
  if (client instanceof EmbeddedClient) {
    const statement = `COPY ${target.table} (${target.columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`;
    for await (const chunk of chunks) {
      if (chunk) await client.query(statement, [], { blob: new Blob([chunk]) });
    }
    return;
  }
  const connection = await client.connect();
  let failure: unknown;
  try {
    const stream = connection.query(
      copyFrom(`COPY ${target.table} (${target.columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`),
    );
    await pipeline(Readable.from(chunks, { objectMode: false }), stream);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // A connection whose COPY broke off is not handed out again.
    connection.release(failure instanceof Error ? failure : undefined);
  }
};

/** True on embedded PGlite (one process owns the data), false on a PostgreSQL server. */
export const isEmbedded = (db: Db): boolean => clientOf(db) instanceof EmbeddedClient;
