import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportJobRow, importJobs, leads, lists } from '../src/db/schema';
import { failInterruptedImports, stagingTableOf } from '../src/modules/leads/import-jobs';
import { finishImport, MOVE_ROWS } from '../src/modules/leads/run-import';
import { csvText, importFile, seedList } from './leads-support';
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
const listRow = async (id: number) => {
  const [row] = await h.deps.db.select().from(lists).where(eq(lists.id, id));
  if (!row) throw new Error('no list');
  return row;
};
const leadsOf = (listId: number) =>
  h.deps.db
    .select({ id: leads.id, name: leads.name, url: leads.linkedinUrl })
    .from(leads)
    .where(eq(leads.listId, listId))
    .orderBy(desc(leads.id));

describe('the move into leads in batches', () => {
  it('imports every usable row exactly once across batches: first row of a profile wins, file order kept', async () => {
    // Three and a half batches of rows; duplicates inside one batch and across batch boundaries,
    // rows without a profile, and profiles the list holds already.
    const existing = await seedList(h, user.user.id, { name: 'Batched', count: 3 });
    const rowCount = MOVE_ROWS * 3 + MOVE_ROWS / 2;
    const lines = ['Name,Linkedin URL'];
    const expected: string[] = [];
    const seen = new Set<string>();
    for (let i = 1; i <= rowCount; i++) {
      let slug = `row-${i}`;
      if (i % 97 === 0) slug = `row-${i - 1}`; // repeats the row just above (same batch)
      if (i % 1000 === 0) slug = 'row-1'; // repeats the first row from batches far below
      if (i % 500 === 250) slug = `person-${existing.id}-${(i % 3) + 1}`; // already in the list
      if (i % 333 === 0) {
        lines.push(`No profile ${i},https://example.com/${i}`);
        continue;
      }
      lines.push(`Name ${i},${url(slug)}`);
      if (!seen.has(slug) && !slug.startsWith('person-')) expected.push(`Name ${i}`);
      seen.add(slug);
    }
    const { status, saved } = await importFile(h, user.accessToken, 'Batched', csvText(...lines));
    expect(saved.rows).toBe(rowCount);
    expect(status).toMatchObject({
      status: 'Not in Campaign',
      processed: rowCount,
      skipped: Math.floor(rowCount / 333),
      imported: expected.length,
    });
    const rows = await leadsOf(existing.id);
    // Exactly once each, nothing else, and newest first reads the file from the top.
    expect(new Set(rows.map((row) => row.url)).size).toBe(rows.length);
    expect(rows.slice(0, expected.length).map((row) => row.name)).toEqual(expected);
    expect(rows.slice(expected.length).map((row) => row.name)).toEqual(['Person 3', 'Person 2', 'Person 1']);
    expect(rows.find((row) => row.url === url('row-1'))?.name).toBe('Name 1');
    expect((await listRow(existing.id)).leadCount).toBe(rows.length);
  });
});

/** A running job of `count` staged rows (row i: profile stage-<list>-i), as runImport leaves it after COPY. */
const stagedJob = async (name: string, count: number, options: { existing?: number } = {}) => {
  const list = await seedList(h, user.user.id, { name, status: 'importing', count: options.existing ?? 0 });
  const [job] = await h.deps.db
    .insert(importJobs)
    .values({
      userId: user.user.id,
      listId: list.id,
      fileName: `${name}.csv`,
      filePath: `/nonexistent/${name}.csv`,
      listCreated: !options.existing,
      statusBefore: 'ready',
      total: count,
      processed: count,
    })
    .returning();
  if (!job) throw new Error('no job');
  const staging = stagingTableOf(job.id);
  await h.deps.db.execute(
    sql.raw(`CREATE TABLE ${staging} (row_no integer PRIMARY KEY, name text, headline text, location text,
      company text, connection_degree text, profile_image_url text, linkedin_url text NOT NULL)`),
  );
  await h.deps.db.execute(
    sql.raw(`INSERT INTO ${staging} (row_no, name, linkedin_url)
      SELECT g, 'Staged ' || g, 'https://www.linkedin.com/in/stage-${list.id}-' || g FROM generate_series(1, ${count}) g`),
  );
  return { list, job };
};

const jobRow = async (job: ImportJobRow) => {
  const [row] = await h.deps.db.select().from(importJobs).where(eq(importJobs.id, job.id));
  if (!row) throw new Error('no job');
  return row;
};

describe('progress and visibility while the batches run', () => {
  it('each batch commits its leads with the counts; the list shows done only after the last', async () => {
    const count = MOVE_ROWS * 2 + 10;
    const { list, job } = await stagedJob('Progress', count);
    const seenImported: number[] = [];
    const imported = await finishImport(
      h.deps,
      job,
      { processed: count, skipped: 0 },
      {
        onBatch: async ({ added }) => {
          const [row, listNow, stored] = await Promise.all([
            jobRow(job),
            listRow(list.id),
            h.deps.db.select({ n: sql<number>`count(*)::int` }).from(leads).where(eq(leads.listId, list.id)),
          ]);
          expect(added).toBeGreaterThan(0);
          seenImported.push(row.imported);
          // The list's count moves with its rows (all_leads' total stays true), but it is still importing.
          expect(listNow.leadCount).toBe(stored[0]?.n);
          expect(listNow.leadCount).toBe(row.imported);
          expect(listNow.status).toBe('importing');
          expect(row.state).toBe('running');
        },
      },
    );
    expect(imported).toBe(count);
    expect(seenImported).toEqual([MOVE_ROWS, MOVE_ROWS * 2, count]);
    expect(await listRow(list.id)).toMatchObject({ status: 'ready', leadCount: count });
    expect(await jobRow(job)).toMatchObject({ state: 'done', imported: count, leadFloor: null });
  });
});

describe('a failure in the middle of the move', () => {
  it('takes the moved rows out again: the existing list keeps exactly its old leads and count', async () => {
    const count = MOVE_ROWS * 3;
    const { list, job } = await stagedJob('Half moved', count, { existing: 2 });
    const before = await leadsOf(list.id);
    const stop = new AbortController();
    let batches = 0;
    await expect(
      finishImport(
        h.deps,
        job,
        { processed: count, skipped: 0 },
        {
          signal: stop.signal,
          onBatch: async () => {
            batches++;
            if (batches === 2) stop.abort();
          },
        },
      ),
    ).rejects.toThrow();
    expect((await listRow(list.id)).leadCount).toBe(2 + MOVE_ROWS * 2);
    // The process stops here (as in a kill): the job is still "running" with rows in the list.
    await h.deps.db
      .update(importJobs)
      .set({ heartbeatAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(importJobs.id, job.id));
    await failInterruptedImports(h.deps);
    expect(await leadsOf(list.id)).toEqual(before);
    expect(await listRow(list.id)).toMatchObject({
      status: 'ready',
      leadCount: 2,
      message: 'Last import failed: Import interrupted, please import the file again',
    });
    expect(await jobRow(job)).toMatchObject({ state: 'failed', leadFloor: null });
  });

  it('an undo cut off by a stop is finished at the next start; a new list ends "Error" and empty', async () => {
    const count = MOVE_ROWS * 2;
    const { list, job } = await stagedJob('Undo resumed', count);
    await expect(
      finishImport(
        h.deps,
        job,
        { processed: count, skipped: 0 },
        {
          onBatch: async () => {
            throw new Error('killed');
          },
        },
      ),
    ).rejects.toThrow('killed');
    // Marked failed, but the process died before its moved rows were out (lead_floor still set).
    await h.deps.db
      .update(importJobs)
      .set({
        state: 'failed',
        error: 'Import interrupted, please import the file again',
        finishedAt: new Date(0),
      })
      .where(eq(importJobs.id, job.id));
    expect((await listRow(list.id)).status).toBe('importing');
    await failInterruptedImports(h.deps);
    expect(await leadsOf(list.id)).toEqual([]);
    expect(await listRow(list.id)).toMatchObject({ status: 'error', leadCount: 0 });
    expect((await jobRow(job)).leadFloor).toBeNull();
  });

  it('leaves other lists of the same user alone', async () => {
    const rows = await h.deps.db
      .select({ name: lists.name, count: lists.leadCount })
      .from(lists)
      .where(eq(lists.name, 'Progress'))
      .orderBy(asc(lists.id));
    expect(rows).toEqual([{ name: 'Progress', count: MOVE_ROWS * 2 + 10 }]);
  });
});
