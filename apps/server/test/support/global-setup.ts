import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openPglite, openPostgres } from '../../src/db/open-database';
import { startJobQueue } from '../../src/jobs/job-queue';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a tarball of a migrated database with the job queue's schema, for every test file to copy. */
    pgliteSnapshot: string;
    /** PostgreSQL: a migrated template database every test file's database is created from. */
    postgresTemplate: string;
  }
}

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Migrations and the job queue's schema, once: each file then copies the result instead of redoing it. */
const prepare = async (database: Database): Promise<void> => {
  const jobs = await startJobQueue(database.executeSql, quietLog as never, { worker: false });
  await jobs.stop();
};

/**
 * Runs once per `vitest run`. Migrating a fresh database took about 5 s per test file (PGlite runs
 * initdb and every migration in WebAssembly); copying a prepared one takes a fraction of that.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const database = await openPglite(undefined);
    await prepare(database);
    const snapshot = path.join(tmpdir(), `sales-assist-pglite-${randomBytes(6).toString('hex')}.tar`);
    const dump = await database.dump?.();
    if (!dump) throw new Error('PGlite could not dump its data directory');
    await writeFile(snapshot, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteSnapshot', snapshot);
    project.provide('postgresTemplate', '');
    return () => rm(snapshot, { force: true });
  }
  const name = `sa_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await prepare(database);
  await database.close();
  project.provide('pgliteSnapshot', '');
  project.provide('postgresTemplate', name);
  return async () => {
    const dropper = new pg.Client({ connectionString: databaseUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
}
