import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A real small file system for the embedded database, when this process may mount one. */
const mountDisk = (): { dir: string | null; reason: string } => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sales-assist-walfull-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir, reason: '' };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return {
      dir: null,
      reason: `(skipped: mount -t tmpfs is not permitted here: ${(error as Error).message.split('\n')[0]})`,
    };
  }
};
const disk = mountDisk();

// The report's hang: the embedded database on a full disk, after it failed to write its write-ahead log,
// spun forever on its next statement. Run in a child process: a regression holds that process's event
// loop for good, which only a time-out from outside can end (and then fails this test).
describe.skipIf(disk.dir === null)(`the embedded database on a full disk ${disk.reason}`, () => {
  const dataDir = disk.dir ?? '';
  afterAll(() => {
    execFileSync('umount', [dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses every statement with disk_full (53100) after its log could not be written, instead of hanging', () => {
    const script = `
      import { statfsSync, writeFileSync } from 'node:fs';
      import { sql } from 'drizzle-orm';
      import { openPglite } from './apps/server/src/db/open-database.ts';
      const dir = ${JSON.stringify(dataDir)};
      const stops = [];
      const database = await openPglite(dir, { onDiskFull: (error) => stops.push(error.message) });
      await database.executeSql('CREATE TABLE filler_test (id int PRIMARY KEY, n int) WITH (fillfactor = 20)');
      await database.executeSql('INSERT INTO filler_test SELECT g, 0 FROM generate_series(1, 2000) g');
      await database.executeSql('CHECKPOINT');
      const free = statfsSync(dir);
      writeFileSync(dir + '/filler', Buffer.alloc(Math.max(0, free.bavail * free.bsize - 8192)));
      let first = null;
      for (let i = 0; i < 500000 && !first; i++) {
        await database.executeSql('UPDATE filler_test SET n = n + 1 WHERE id = $1', [1 + (i % 2000)]).catch((error) => {
          first = { code: error.code, message: error.message };
        });
      }
      const after = await database.db.execute(sql\`SELECT 1 AS one\`).then(
        () => ({ answered: true }),
        (error) => ({ code: error.code ?? error.cause?.code, message: error.message, cause: error.cause?.message }),
      );
      console.log(JSON.stringify({ first, after, stops }));
      process.exit(0);
    `;
    const stdout = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const outcome = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      first: { code: string; message: string } | null;
      after: { code?: string; cause?: string; answered?: boolean };
      stops: string[];
    };
    expect(outcome.first).toMatchObject({ code: '53100', message: expect.stringContaining('pg_wal') });
    expect(outcome.after).toMatchObject({
      code: '53100',
      cause: expect.stringMatching(/^The embedded database could not write its log because the disk is full/),
    });
    expect(outcome.stops).toHaveLength(1);
    // A fresh data directory (initdb and every migration) and tens of thousands of updates until the log
    // cannot be written: the child's own 120 s time-out is the one that matters.
  }, 150_000);
});
