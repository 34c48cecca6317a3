import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportJobRow, importJobs, leads, lists } from '../src/db/schema';
import { decideEncoding } from '../src/modules/leads/csv/file-encoding';
import { readCsvRecords } from '../src/modules/leads/csv/read-csv';
import { RecordCounter } from '../src/modules/leads/csv/record-counter';
import { scanFile } from '../src/modules/leads/csv/scan-file';
import { importIntoEmptyList } from '../src/modules/leads/direct-import';
import { failInterruptedImports } from '../src/modules/leads/import-jobs';
import { type FileCounts, readAhead } from '../src/modules/leads/import-rows';
import { createImportRunner } from '../src/modules/leads/run-import';
import { csvText, fixture, importFile, seedList } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let user: SeededUser;
beforeAll(async () => {
  h = await startHarness({ engine: false });
  user = await seedUser(h);
});
afterAll(() => h.close());

const url = (slug: string) => `https://www.linkedin.com/in/${slug}`;
/** More rows than one COPY chunk on either database (1,000 embedded, 5,000 on PostgreSQL). */
const MANY = 12_345;

/**
 * A file with everything the import decides on: repeated profiles (near and far), rows without a
 * profile, Sales Navigator links, quotes, a U+FFFD, an empty picture ("None").
 */
const mixedFile = (rows: number): string => {
  const lines = ['Name,Headline,Location,Company,Connection Degree,Linkedin URL,Profile Image URL'];
  for (let i = 1; i <= rows; i++) {
    let slug = `mixed-${i}`;
    if (i % 101 === 0) slug = `mixed-${i - 1}`;
    if (i % 2_000 === 0) slug = 'mixed-1';
    if (i % 777 === 0) {
      lines.push(`Nobody ${i},,,,,https://example.com/${i},`);
      continue;
    }
    if (i % 1_111 === 0) {
      lines.push(`Nav ${i},,,,,https://www.linkedin.com/sales/lead/ACwAA${i},`);
      continue;
    }
    const name = i % 500 === 0 ? `"Quoted, ""${i}"""` : i === 7 ? 'Bad \uFFFD char' : `Person ${i}`;
    const picture = i % 4 === 0 ? 'None' : `https://media.licdn.com/p/${i}.jpg`;
    lines.push(`${name},Head ${i},City ${i % 9},Co ${i % 13},2nd,${url(slug)},${picture}`);
  }
  return csvText(...lines);
};

/** A list's leads newest first, as the screens read them, without ids and times. */
const leadsOf = async (listId: number) =>
  (
    await h.deps.db
      .select({
        name: leads.name,
        headline: leads.headline,
        location: leads.location,
        company: leads.company,
        degree: leads.connectionDegree,
        source: leads.source,
        url: leads.linkedinUrl,
        picture: leads.profileImageUrl,
        selected: leads.isSelected,
      })
      .from(leads)
      .where(eq(leads.listId, listId))
      .orderBy(desc(leads.id))
  ).map((row) => ({ ...row }));

const listOf = async (id: number) => {
  const [row] = await h.deps.db.select().from(lists).where(eq(lists.id, id));
  if (!row) throw new Error('no list');
  return row;
};

/** A running job of a list and a saved file, as save_leads leaves it. */
const jobFor = async (listId: number, content: string, options: { listCreated?: boolean } = {}) => {
  const dir = path.join(h.config.dataDir, 'imports');
  mkdirSync(dir, { recursive: true });
  const filePath = path.join(dir, `direct-${listId}.csv`);
  writeFileSync(filePath, content);
  const [job] = await h.deps.db
    .insert(importJobs)
    .values({
      userId: user.user.id,
      listId,
      fileName: 'direct.csv',
      filePath,
      listCreated: options.listCreated ?? true,
      statusBefore: 'ready',
    })
    .returning();
  if (!job) throw new Error('no job');
  return job;
};

const noCounts = (): FileCounts => ({ processed: 0, skipped: 0, unreadable: 0, salesNavigator: 0 });

const runDirect = async (job: ImportJobRow, signal = new AbortController().signal) =>
  importIntoEmptyList(h.deps, job, { scan: await scanFile(job.filePath), counts: noCounts(), signal });

describe('the direct import into an empty list', () => {
  it('stores exactly what the staged path stores: the same rows, counts and notice, in file order', async () => {
    const file = mixedFile(MANY);
    // A new list takes the direct path; a list with a lead of its own takes the staged one.
    const direct = await importFile(h, user.accessToken, 'Direct', file);
    const staged = await seedList(h, user.user.id, { name: 'Staged', count: 1 });
    const viaStaging = await importFile(h, user.accessToken, 'Staged', file);
    expect(viaStaging.listId).toBe(staged.id);

    expect(direct.status).toEqual({ ...viaStaging.status });
    expect(direct.status).toMatchObject({ status: 'Not in Campaign', processed: MANY });
    expect(direct.status.notice).toMatch(/^1 row had characters .* 11 rows with a Sales Navigator link/);
    const directRows = await leadsOf(direct.listId);
    const stagedRows = (await leadsOf(staged.id)).filter(
      (row) => row.source === 'CSV' && row.headline !== 'Headline 1',
    );
    expect(directRows).toEqual(stagedRows);
    // First row of each profile, file order from the top (newest first), nothing twice.
    expect(directRows[0]).toMatchObject({
      name: 'Person 1',
      url: url('mixed-1'),
      picture: 'https://media.licdn.com/p/1.jpg',
    });
    expect(directRows.find((row) => row.url === url('mixed-99'))?.name).toBe('Person 99');
    expect(directRows.find((row) => row.url === url('mixed-500'))?.name).toBe('Quoted, "500"');
    expect(directRows.find((row) => row.url === url('mixed-4'))?.picture).toBeNull();
    expect(new Set(directRows.map((row) => row.url)).size).toBe(directRows.length);
    expect(directRows.map((row) => Number(row.url.split('-').at(-1)))).toEqual(
      [...directRows.map((row) => Number(row.url.split('-').at(-1)))].sort((a, b) => a - b),
    );
    expect(directRows).toHaveLength(direct.status.imported);
    expect((await listOf(direct.listId)).leadCount).toBe(directRows.length);
  });

  it('takes only a list without leads, and writes nothing to one with leads', async () => {
    const full = await seedList(h, user.user.id, { count: 2, status: 'importing' });
    const job = await jobFor(full.id, mixedFile(10), { listCreated: false });
    expect(await runDirect(job)).toBe(false);
    expect(await leadsOf(full.id)).toHaveLength(2);
    const [row] = await h.deps.db.select().from(importJobs).where(eq(importJobs.id, job.id));
    expect(row).toMatchObject({ leadFloor: null, imported: 0 });
  });

  it('leaves a profile another writer put in the list meanwhile alone, and imports the rest in order', async () => {
    // The list shows no lead yet (the other writer's count not in): the direct path takes it, and its
    // COPY meets the profile.
    const list = await seedList(h, user.user.id, { count: 1, status: 'importing' });
    await h.deps.db.update(lists).set({ leadCount: 0 }).where(eq(lists.id, list.id));
    const lines = ['Name,Linkedin URL'];
    for (let i = 1; i <= MANY; i++)
      lines.push(`Row ${i},${url(i === 3_000 ? `person-${list.id}-1` : `race-${i}`)}`);
    const job = await jobFor(list.id, csvText(...lines));
    expect(await runDirect(job)).toBe(true);
    const rows = await leadsOf(list.id);
    expect(rows).toHaveLength(MANY);
    expect(rows.find((row) => row.url === url(`person-${list.id}-1`))?.name).toBe('Person 1');
    expect(
      rows.filter((row) => row.source === 'CSV' && row.name.startsWith('Row ')).map((row) => row.name),
    ).toEqual(Array.from({ length: MANY }, (_, i) => `Row ${i + 1}`).filter((name) => name !== 'Row 3000'));
    const [row] = await h.deps.db.select().from(importJobs).where(eq(importJobs.id, job.id));
    expect(row?.imported).toBe(MANY - 1);
    expect((await listOf(list.id)).leadCount).toBe(MANY - 1);
  });
});

describe('a direct import that fails', () => {
  it('a stop after some chunks: the leads written are taken out before the job says "Error"', async () => {
    const list = await seedList(h, user.user.id, { status: 'importing' });
    const lines = ['Name,Linkedin URL'];
    for (let i = 1; i <= MANY; i++) lines.push(`Row ${i},${url(`stop-${i}`)}`);
    const job = await jobFor(list.id, csvText(...lines));
    const runner = createImportRunner(h.deps, { error: () => undefined });
    runner.start(job);
    const deadline = Date.now() + 30_000;
    while ((await listOf(list.id)).leadCount === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect((await listOf(list.id)).leadCount).toBeGreaterThan(0);
    await runner.stop();
    expect(await leadsOf(list.id)).toEqual([]);
    expect(await listOf(list.id)).toMatchObject({
      status: 'error',
      leadCount: 0,
      message: 'Import interrupted, please import the file again',
    });
    const [row] = await h.deps.db.select().from(importJobs).where(eq(importJobs.id, job.id));
    expect(row).toMatchObject({ state: 'failed', leadFloor: null });
  });

  it('a process killed mid-import: the next start takes its leads out and ends the list "Error"', async () => {
    const list = await seedList(h, user.user.id, { status: 'importing' });
    const lines = ['Name,Linkedin URL'];
    for (let i = 1; i <= MANY; i++) lines.push(`Row ${i},${url(`killed-${i}`)}`);
    const job = await jobFor(list.id, csvText(...lines));
    // The "kill": the reader stops after the first chunk, leaving the job running with its leads in.
    const stop = new AbortController();
    const scan = await scanFile(job.filePath);
    const counts = noCounts();
    const run = importIntoEmptyList(h.deps, job, { scan, counts, signal: stop.signal });
    const deadline = Date.now() + 30_000;
    while ((await listOf(list.id)).leadCount === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    stop.abort();
    await expect(run).rejects.toThrow();
    expect((await leadsOf(list.id)).length).toBeGreaterThan(0);
    await h.deps.db
      .update(importJobs)
      .set({ heartbeatAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(importJobs.id, job.id));
    await failInterruptedImports(h.deps);
    expect(await leadsOf(list.id)).toEqual([]);
    expect(await listOf(list.id)).toMatchObject({ status: 'error', leadCount: 0 });
  });
});

async function* chunksOf(bytes: Buffer): AsyncGenerator<Uint8Array> {
  yield bytes;
}

describe('the file scan and the read-ahead', () => {
  it('bounds every fixture’s records and decides its encoding as decideEncoding does', async () => {
    const dir = path.join(import.meta.dirname, 'fixtures', 'csv');
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.csv'))) {
      const scan = await scanFile(path.join(dir, name));
      expect(scan.encoding, name).toBe(await decideEncoding([fixture(name)]));
      let records = 0;
      try {
        for await (const _ of readCsvRecords(chunksOf(fixture(name)), { encoding: scan.encoding })) records++;
      } catch {
        // A broken file: the records before the break still count.
      }
      expect(scan.recordBound, name).toBeGreaterThanOrEqual(records);
    }
    const tmp = path.join(h.config.dataDir, 'line-ends.csv');
    writeFileSync(tmp, 'a\r\nb\rc\nd');
    expect((await scanFile(tmp)).recordBound).toBe(4);
  });

  it("the upload's record counter, skipping ahead natively, counts as byte by byte does", () => {
    // The rules byte by byte (the counter before it skipped): quotes toggle, CRLF / LF / lone CR end a
    // line outside quotes, blank lines do not count (sep= lines are checked by the fixtures' test).
    const reference = (bytes: Buffer): number => {
      let quoted = false;
      let text = false;
      let afterCr = false;
      let count = 0;
      for (const byte of bytes) {
        const wasCr = afterCr;
        afterCr = false;
        if (byte === 0x22) {
          quoted = !quoted;
          text = true;
        } else if (quoted) {
          if (byte > 0x20) text = true;
        } else if (byte === 0x0d || (byte === 0x0a && !wasCr)) {
          if (text) count++;
          text = false;
          afterCr = byte === 0x0d;
        } else if (byte > 0x20) text = true;
      }
      return count + (text ? 1 : 0);
    };
    const alphabet = ['a', 'b', ' ', '"', '\r', '\n', ',', '\t', 'é'];
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % max;
    };
    for (let round = 0; round < 2_000; round++) {
      // A first line longer than a sep= line, so only the rules above apply.
      const text = `Name,Linkedin URL,More\n${Array.from({ length: random(120) }, () => alphabet[random(alphabet.length)]).join('')}`;
      const bytes = Buffer.from(text);
      const counter = new RecordCounter();
      for (let at = 0; at < bytes.length; ) {
        const size = 1 + random(20);
        counter.write(bytes.subarray(at, at + size));
        counter.read();
        at += size;
      }
      expect(counter.records, JSON.stringify(text)).toBe(reference(bytes));
    }
  });

  it('passes a failure of its source to the consumer, never as an unhandled rejection', async () => {
    async function* failing(): AsyncGenerator<number> {
      yield 1;
      throw new Error('broken source');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const value of readAhead(failing())) {
          seen.push(value);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })(),
    ).rejects.toThrow('broken source');
    expect(seen).toEqual([1]);
  });
});
