import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmbedded } from '../src/db/copy-rows';
import { importJobs, leads, lists } from '../src/db/schema';
import { failInterruptedImports, stagingTableOf } from '../src/modules/leads/import-jobs';
import { createImportRunner, finishImport, moveBatch } from '../src/modules/leads/run-import';
import {
  csvText,
  fixture,
  type ImportStatus,
  importFile,
  postForm,
  saveFile,
  seedList,
  verifyFile,
  waitForImport,
} from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const importsDir = () => path.join(h.config.dataDir, 'imports');
const leftoverFiles = () => (existsSync(importsDir()) ? readdirSync(importsDir()) : []);
const stagingExists = async (jobId: string) => {
  const result = await h.deps.db.execute(sql`SELECT to_regclass(${stagingTableOf(jobId)}) AS name`);
  return (result as unknown as { rows: { name: unknown }[] }).rows[0]?.name != null;
};
const listsOf = async (user: SeededUser) =>
  (await h.call('GET', '/api/linkedinAI/all_lists?limit=100', { token: user.accessToken })).json<{
    lists: { id: number; name: string; status: string; message: string; leadcount: number }[];
    total: number;
  }>();
const leadRows = (listId: number) => h.deps.db.select().from(leads).where(eq(leads.listId, listId));

/** `count` rows with distinct profiles, then `tail` (raw CSV text) at the end. */
const bigFile = (count: number, tail = '') => {
  const lines = ['Name,Headline,Company,Linkedin URL'];
  for (let i = 1; i <= count; i++)
    lines.push(`Person ${i},Headline ${i},Company ${i % 50},https://www.linkedin.com/in/p-${i}`);
  return `${lines.join('\n')}\n${tail}`;
};

describe('verify_upload', () => {
  it('counts the rows that will import', async () => {
    const user = await seedUser(h);
    const response = await verifyFile(h, user.accessToken, fixture('sample-columns.csv'), 'Leads.CSV');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rows: 3, skipped: 0, duplicates: 0 });
  });

  it('answers the spec messages for a missing file or a file that is not .csv', async () => {
    const user = await seedUser(h);
    const noFile = await postForm(h, '/api/linkedinAI/verify_upload', user.accessToken, [
      { name: 'list', value: 'x' },
    ]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ error: 'validation_error', message: 'Please select a file' });
    const emptyPart = await postForm(h, '/api/linkedinAI/verify_upload', user.accessToken, [
      { name: 'file', filename: '', content: '' },
    ]);
    expect(emptyPart.json().message).toBe('Please select a file');
    const json = await h.call('POST', '/api/linkedinAI/verify_upload', {
      token: user.accessToken,
      body: { file: 'x' },
    });
    expect(json.json()).toEqual({ error: 'validation_error', message: 'Please select a file' });
    const excel = await verifyFile(h, user.accessToken, 'Name,Linkedin URL\n', 'leads.xlsx');
    expect(excel.json()).toEqual({ error: 'validation_error', message: 'Please select a csv file' });
  });

  it('answers 413 for a file over 50 MB, on both calls, and leaves nothing behind', async () => {
    const user = await seedUser(h);
    const row = 'Someone,Somewhere,https://www.linkedin.com/in/someone\n';
    const huge = Buffer.alloc(50 * 1024 * 1024 + 1, row);
    const verify = await verifyFile(h, user.accessToken, huge);
    expect(verify.statusCode).toBe(413);
    expect(verify.json()).toEqual({
      error: 'too_large',
      message: 'The file is larger than 50 MB. Please split it and import the parts.',
    });
    const save = await saveFile(h, user.accessToken, 'Huge', huge);
    expect(save.statusCode).toBe(413);
    expect((await listsOf(user)).total).toBe(0);
    expect(leftoverFiles()).toEqual([]);
  });
});

describe('save_leads', () => {
  it('imports into a new list ("Leads Uploaded"), then appends to it by name in any case ("Leads Updated")', async () => {
    const user = await seedUser(h);
    const first = await importFile(h, user.accessToken, 'Q3 Prospects', fixture('sample-columns.csv'));
    expect(first.saved).toEqual({ message: 'Leads Uploaded', list_id: first.listId, rows: 3 });
    expect(first.status).toEqual({
      status: 'Not in Campaign',
      processed: 3,
      total: 3,
      skipped: 0,
      imported: 3,
      message: '',
      notice: null,
    });
    expect((await listsOf(user)).lists).toEqual([
      { id: first.listId, name: 'Q3 Prospects', status: 'Not in Campaign', message: '', leadcount: 3 },
    ]);

    const file = csvText(
      'Name,Linkedin URL',
      'Jane again,https://uk.linkedin.com/in/Jane-Doe/',
      'New person,https://www.linkedin.com/in/new-person',
      'No URL,',
    );
    const second = await importFile(h, user.accessToken, '  q3 PROSPECTS ', file);
    expect(second.saved).toEqual({ message: 'Leads Updated', list_id: first.listId, rows: 3 });
    expect(second.status).toMatchObject({ status: 'Not in Campaign', processed: 3, skipped: 1, imported: 1 });
    const { lists: rows, total } = await listsOf(user);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ leadcount: 4, status: 'Not in Campaign' });
    expect(await leadRows(first.listId)).toHaveLength(4);
    const page = (await h.call('GET', '/api/linkedinAI/all_leads', { token: user.accessToken })).json<{
      leads: { Name: string }[];
      total: number;
    }>();
    expect(page.total).toBe(4);
    expect(page.leads.map((lead) => lead.Name)).toEqual(['New person', 'Jane Doe', 'John Smith', 'Ana Lima']);
    expect(leftoverFiles()).toEqual([]);
  });

  it('keeps "In a campaign" on a list that gets more leads', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { name: 'Running', status: 'in_campaign', count: 2 });
    const { status } = await importFile(h, user.accessToken, 'Running', fixture('bom.csv'));
    expect(status.status).toBe('In a campaign');
    const [row] = await h.deps.db.select().from(lists).where(eq(lists.id, list.id));
    expect(row).toMatchObject({ status: 'in_campaign', leadCount: 3 });
  });

  it.each([
    [
      [{ name: 'file', filename: 'a.csv', content: 'Name,Linkedin URL\nA,linkedin.com/in/a\n' }],
      'Please select a list',
    ],
    [
      [
        { name: 'file', filename: 'a.csv', content: 'Name,Linkedin URL\nA,linkedin.com/in/a\n' },
        { name: 'list', value: '   ' },
      ],
      'Please select a list',
    ],
    [
      [
        { name: 'file', filename: 'a.csv', content: 'Name,Linkedin URL\nA,linkedin.com/in/a\n' },
        { name: 'list', value: 'x'.repeat(101) },
      ],
      'List name must be at most 100 characters',
    ],
    [[{ name: 'list', value: 'Mine' }], 'Please select a file'],
    [
      [
        { name: 'list', value: 'Mine' },
        { name: 'file', filename: 'a.txt', content: 'Name,Linkedin URL\n' },
      ],
      'Please select a csv file',
    ],
  ])('refuses a form without what it needs: %#', async (parts, message) => {
    const user = await seedUser(h);
    const response = await postForm(h, '/api/linkedinAI/save_leads', user.accessToken, parts);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
    expect((await listsOf(user)).total).toBe(0);
    expect(leftoverFiles()).toEqual([]);
  });

  it.each([
    ['empty.csv', 'The file is empty'],
    [
      'no-header.csv',
      'The file has no header row: its first row must name the columns, as in the sample CSV',
    ],
    [
      'no-url-column.csv',
      'No LinkedIn profile URL column found: name it "Linkedin URL", as in the sample CSV',
    ],
    ['no-usable-rows.csv', 'No row of the file has a usable LinkedIn profile URL'],
    ['broken-at-end.csv', 'The file is not a valid CSV: a quoted field is not closed (line 4)'],
  ])('refuses %s before any list exists: %s', async (name, message) => {
    const user = await seedUser(h);
    const response = await saveFile(h, user.accessToken, 'Never made', fixture(name));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_file', message });
    expect((await listsOf(user)).total).toBe(0);
    expect(leftoverFiles()).toEqual([]);
  });

  it('refuses a second import into a list that is still importing (409)', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { name: 'Busy list', status: 'importing' });
    await h.deps.db.insert(importJobs).values({
      userId: user.user.id,
      listId: list.id,
      fileName: 'a.csv',
      filePath: '/nonexistent/a.csv',
      listCreated: true,
      statusBefore: 'ready',
    });
    const response = await saveFile(h, user.accessToken, 'busy LIST', fixture('bom.csv'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'conflict',
      message: 'This list is still importing. Please wait until it finishes.',
    });
    expect(leftoverFiles()).toEqual([]);
  });
});

describe('background import', () => {
  it('streams a large file in chunks, shows progress, and ends "Not in Campaign" with the counts', async () => {
    const user = await seedUser(h);
    const tail = csvText('Nobody,,,', 'Repeat,,,https://www.linkedin.com/in/p-1');
    const saved = await saveFile(h, user.accessToken, 'Big one', bigFile(25_000, tail));
    expect(saved.statusCode, saved.body).toBe(200);
    const { list_id: listId, rows } = saved.json<{ list_id: number; rows: number }>();
    expect(rows).toBe(25_002);

    const seen: ImportStatus[] = [];
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = (
        await h.call('GET', `/api/linkedinAI/import_status?list_id=${listId}`, { token: user.accessToken })
      ).json<ImportStatus>();
      seen.push(status);
      if (status.status !== 'Importing...' || Date.now() > deadline) break;
      const list = (await listsOf(user)).lists.find((row) => row.id === listId);
      expect(list?.status).toMatch(/^(Importing\.\.\.|Not in Campaign)$/);
      if (list?.status === 'Importing...') expect(list.message).toMatch(/^Imported [\d,]+ of 25,002 rows$/);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    for (const status of seen.slice(0, -1)) {
      expect(status.total).toBe(25_002);
      expect(status.processed).toBeLessThanOrEqual(status.total);
      expect(status.message).toMatch(/^Imported [\d,]+ of 25,002 rows$/);
    }
    expect(seen.at(-1)).toEqual({
      status: 'Not in Campaign',
      processed: 25_002,
      total: 25_002,
      skipped: 1,
      imported: 25_000,
      message: '',
      notice: null,
    });
    expect((await listsOf(user)).lists[0]).toMatchObject({
      id: listId,
      status: 'Not in Campaign',
      leadcount: 25_000,
    });
    expect(await leadRows(listId)).toHaveLength(25_000);
    const [job] = await h.deps.db.select().from(importJobs).where(eq(importJobs.listId, listId));
    expect(job?.state).toBe('done');
    expect(await stagingExists(job?.id ?? '')).toBe(false);
    expect(leftoverFiles()).toEqual([]);
  });

  it('a file that breaks after 25,000 good rows leaves the new list "Error" without a single lead', async () => {
    const user = await seedUser(h);
    const saved = await saveFile(
      h,
      user.accessToken,
      'Broken',
      bigFile(25_000, 'Broken,"never closed,x,https://www.linkedin.com/in/x\n'),
    );
    expect(saved.json().message).toBe('Leads Uploaded');
    const listId = saved.json<{ list_id: number }>().list_id;
    const status = await waitForImport(h, user.accessToken, listId);
    expect(status).toMatchObject({
      status: 'Error',
      message: 'The file is not a valid CSV: a quoted field is not closed (line 25002)',
    });
    expect((await listsOf(user)).lists[0]).toEqual({
      id: listId,
      name: 'Broken',
      status: 'Error',
      message: 'The file is not a valid CSV: a quoted field is not closed (line 25002)',
      leadcount: 0,
    });
    expect(await leadRows(listId)).toEqual([]);
    expect((await h.call('GET', '/api/linkedinAI/all_leads', { token: user.accessToken })).json().total).toBe(
      0,
    );
    const [job] = await h.deps.db.select().from(importJobs).where(eq(importJobs.listId, listId));
    expect(job?.state).toBe('failed');
    expect(await stagingExists(job?.id ?? '')).toBe(false);
    expect(leftoverFiles()).toEqual([]);
    expect(
      (await h.call('DELETE', `/api/linkedinAI/delete_list?id=${listId}`, { token: user.accessToken }))
        .statusCode,
    ).toBe(200);
  });

  it('a failed import into an existing list keeps its leads and status, and says why', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { name: 'Kept', count: 3 });
    const saved = await saveFile(
      h,
      user.accessToken,
      'Kept',
      bigFile(12_000, '"never closed,https://www.linkedin.com/in/x\n'),
    );
    expect(saved.json()).toMatchObject({ message: 'Leads Updated', list_id: list.id });
    const status = await waitForImport(h, user.accessToken, list.id);
    expect(status).toMatchObject({
      status: 'Error',
      message: 'The file is not a valid CSV: a quoted field is not closed (line 12002)',
    });
    expect((await listsOf(user)).lists[0]).toMatchObject({
      status: 'Not in Campaign',
      message: 'Last import failed: The file is not a valid CSV: a quoted field is not closed (line 12002)',
      leadcount: 3,
    });
    expect(await leadRows(list.id)).toHaveLength(3);
    // The next good import clears the message.
    await importFile(h, user.accessToken, 'Kept', fixture('bom.csv'));
    expect((await listsOf(user)).lists[0]).toMatchObject({
      status: 'Not in Campaign',
      message: '',
      leadcount: 4,
    });
  });

  it('a plain INSERT that meets a profile already there (a race) retries with ON CONFLICT', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { name: 'Raced', count: 2, status: 'importing' });
    const [job] = await h.deps.db
      .insert(importJobs)
      .values({
        userId: user.user.id,
        listId: list.id,
        fileName: 'r.csv',
        filePath: '/nonexistent/r.csv',
        listCreated: false,
        statusBefore: 'ready',
      })
      .returning();
    if (!job) throw new Error('no job');
    const staging = stagingTableOf(job.id);
    await h.deps.db.execute(
      sql.raw(`CREATE TABLE ${staging} (row_no integer NOT NULL, name text, headline text, location text, company text,
        connection_degree text, profile_image_url text, linkedin_url text NOT NULL)`),
    );
    await h.deps.db.execute(
      sql.raw(`INSERT INTO ${staging} (row_no, name, linkedin_url) VALUES
        (1, 'Again 1', 'https://www.linkedin.com/in/person-${list.id}-1'),
        (2, 'New', 'https://www.linkedin.com/in/brand-new'),
        (3, 'Again 2', 'https://www.linkedin.com/in/person-${list.id}-2')`),
    );
    expect(await moveBatch(h.deps, job, { above: 0, upTo: 3 }, 'insert')).toBe(1);
    expect(await finishImport(h.deps, job, { processed: 3, skipped: 0 })).toBe(1);
    await h.deps.db.execute(sql.raw(`DROP TABLE ${staging}`));
    expect((await listsOf(user)).lists[0]).toMatchObject({ status: 'Not in Campaign', leadcount: 3 });
    expect((await leadRows(list.id)).map((lead) => lead.name).sort()).toEqual([
      'New',
      'Person 1',
      'Person 2',
    ]);
  });

  it('a stop between chunks interrupts the import: no leads, the list says to import again', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { name: 'Stopped', status: 'importing' });
    mkdirSync(importsDir(), { recursive: true });
    const filePath = path.join(importsDir(), 'stopped.csv');
    writeFileSync(filePath, bigFile(100));
    const [job] = await h.deps.db
      .insert(importJobs)
      .values({
        userId: user.user.id,
        listId: list.id,
        fileName: 'stopped.csv',
        filePath,
        listCreated: true,
        statusBefore: 'ready',
        total: 100,
      })
      .returning();
    if (!job) throw new Error('no job');
    const runner = createImportRunner(h.deps, { error: () => undefined });
    runner.start(job);
    await runner.stop();
    expect((await listsOf(user)).lists[0]).toMatchObject({
      status: 'Error',
      message: 'Import interrupted, please import the file again',
      leadcount: 0,
    });
    expect(await leadRows(list.id)).toEqual([]);
    expect(existsSync(filePath)).toBe(false);
  });
});

describe('imports cut off by a restart', () => {
  const seedRunningJob = async (user: SeededUser, name: string, heartbeatAt: Date, listCreated = true) => {
    const list = await seedList(h, user.user.id, { name, status: 'importing', count: listCreated ? 0 : 2 });
    mkdirSync(importsDir(), { recursive: true });
    const filePath = path.join(importsDir(), `${name}.csv`);
    writeFileSync(filePath, 'Name,Linkedin URL\n');
    await h.deps.db.insert(importJobs).values({
      userId: user.user.id,
      listId: list.id,
      fileName: `${name}.csv`,
      filePath,
      listCreated,
      statusBefore: 'ready',
      heartbeatAt,
    });
    return { list, filePath };
  };

  it('failInterruptedImports marks them "Error" at start and removes their files', async () => {
    const user = await seedUser(h);
    const stale = await seedRunningJob(user, 'stale', new Date(Date.now() - 10 * 60_000));
    await seedRunningJob(user, 'existing', new Date(Date.now() - 10 * 60_000), false);
    const fresh = await seedRunningJob(user, 'fresh', new Date());
    const embedded = isEmbedded(h.deps.db);
    // Embedded: this process owned every job. PostgreSQL: a job with a live heartbeat may be another process's.
    // (Jobs of other tests in this database may be swept too.)
    expect(await failInterruptedImports(h.deps)).toBeGreaterThanOrEqual(embedded ? 3 : 2);
    const byName = Object.fromEntries((await listsOf(user)).lists.map((list) => [list.name, list]));
    expect(byName.stale).toMatchObject({
      status: 'Error',
      message: 'Import interrupted, please import the file again',
    });
    expect(byName.existing).toMatchObject({
      status: 'Not in Campaign',
      message: 'Last import failed: Import interrupted, please import the file again',
      leadcount: 2,
    });
    expect(byName.fresh?.status).toBe(embedded ? 'Error' : 'Importing...');
    expect(existsSync(stale.filePath)).toBe(false);
    expect(existsSync(fresh.filePath)).toBe(!embedded);
    expect(
      (
        await h.call('GET', `/api/linkedinAI/import_status?list_id=${stale.list.id}`, {
          token: user.accessToken,
        })
      ).json(),
    ).toMatchObject({
      status: 'Error',
      message: 'Import interrupted, please import the file again',
    });
  });

  it('a job whose heartbeat stopped shows as interrupted on the next read (another process died)', async () => {
    const user = await seedUser(h);
    await seedRunningJob(user, 'dead', new Date(Date.now() - 3 * 60_000));
    const { lists: rows } = await listsOf(user);
    expect(rows[0]).toMatchObject({
      name: 'dead',
      status: 'Error',
      message: 'Import interrupted, please import the file again',
    });
  });
});
