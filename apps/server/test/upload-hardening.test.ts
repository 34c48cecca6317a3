import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs, lists } from '../src/db/schema';
import { readCsvRecords } from '../src/modules/leads/csv/read-csv';
import { RecordCounter } from '../src/modules/leads/csv/record-counter';
import { failInterruptedImports, importsDirOf, STALE_AFTER_MS } from '../src/modules/leads/import-jobs';
import { fixture, importFile, multipart, saveFile, verifyFile } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const API = '/api/linkedinAI';

let h: Harness;
let user: SeededUser;
let importsDir: string;
const embedded = !process.env.DATABASE_URL;

beforeAll(async () => {
  h = await startHarness({ engine: false });
  user = await seedUser(h);
  importsDir = importsDirOf(h.config.dataDir);
});
afterAll(() => h.close());

const leftovers = async (): Promise<string[]> => readdir(importsDir).catch(() => []);
const listCount = async (): Promise<number> =>
  (await h.deps.db.select().from(lists).where(eq(lists.userId, user.user.id))).length;

const post = (url: string, payload: Buffer | string, contentType: string) =>
  h.call('POST', url, { token: user.accessToken, body: payload, headers: { 'content-type': contentType } });

/** The body of a form whose file part (and, for save_leads, list field) is cut off after `keep` bytes. */
const truncated = (keep: (body: Buffer) => number, withList = true) => {
  const { payload, contentType } = multipart([
    { name: 'file', filename: 'leads.csv', content: fixture('url-column.csv') },
    ...(withList ? [{ name: 'list', value: 'Cut off' }] : []),
  ]);
  return { payload: payload.subarray(0, keep(payload)), contentType };
};

const expectBadRequest = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(JSON.parse(res.body)).toMatchObject({
    error: expect.stringMatching(/^(bad_request|validation_error)$/),
  });
};

describe('malformed multipart answers 4xx in the usual envelope, leaving nothing behind', () => {
  it('a body cut off inside the file part: verify_upload and save_leads answer 400', async () => {
    const before = await listCount();
    const cut = truncated((body) => Math.floor(body.length / 2));
    expectBadRequest(await post(`${API}/verify_upload`, cut.payload, cut.contentType));
    const saved = await post(`${API}/save_leads`, cut.payload, cut.contentType);
    expectBadRequest(saved);
    expect(saved.json().message).toMatch(/incomplete|not a valid multipart/);
    expect(await listCount()).toBe(before);
    expect(await leftovers()).toEqual([]);
  });

  it('a body cut off after the file, inside the list field: 400, the saved file is removed', async () => {
    const before = await listCount();
    const cut = truncated((body) => body.length - 20);
    const saved = await post(`${API}/save_leads`, cut.payload, cut.contentType);
    expectBadRequest(saved);
    expect(await listCount()).toBe(before);
    expect(await leftovers()).toEqual([]);
  });

  it('a body without its closing boundary', async () => {
    const cut = truncated((body) => body.length - 8, false);
    expectBadRequest(await post(`${API}/verify_upload`, cut.payload, cut.contentType));
  });

  it('a multipart content type without a boundary', async () => {
    const { payload } = multipart([
      { name: 'file', filename: 'leads.csv', content: fixture('url-column.csv') },
    ]);
    expectBadRequest(await post(`${API}/verify_upload`, payload, 'multipart/form-data'));
    expectBadRequest(await post(`${API}/save_leads`, payload, 'multipart/form-data; charset=utf-8'));
    expect(await leftovers()).toEqual([]);
  });

  it('a garbage body, with and without a boundary', async () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    expectBadRequest(await post(`${API}/verify_upload`, garbage, 'multipart/form-data; boundary=xyz'));
    expectBadRequest(await post(`${API}/save_leads`, garbage, 'multipart/form-data; boundary=xyz'));
    expectBadRequest(await post(`${API}/save_leads`, garbage, 'multipart/form-data'));
    expectBadRequest(
      await post(`${API}/save_leads`, '--xyz\r\nnot a header\r\n\r\n', 'multipart/form-data; boundary=xyz'),
    );
    expect(await leftovers()).toEqual([]);
  });

  it('a form with too many fields answers 413', async () => {
    const { payload, contentType } = multipart([
      ...Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
      { name: 'file', filename: 'leads.csv', content: fixture('url-column.csv') },
    ]);
    const res = await post(`${API}/save_leads`, payload, contentType);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ error: 'too_large' });
    expect(await leftovers()).toEqual([]);
  });

  it('an oversized file part without a file name answers 413 "too large", not "too many parts"', async () => {
    // Such a part is skipped, yet the size limit still cuts it: the answer names the size.
    const { payload, contentType } = multipart([
      { name: 'blob', filename: '', content: Buffer.alloc(50 * 1024 * 1024 + 1, 'a') },
    ]);
    const res = await post(`${API}/verify_upload`, payload, contentType);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({
      error: 'too_large',
      message: 'The file is larger than 50 MB. Please split it and import the parts.',
    });
    expect(await leftovers()).toEqual([]);
  });
});

describe('CR-only line ends (old Mac files)', () => {
  it('save_leads answers the rows that import, as verify_upload does', async () => {
    const file = fixture('cr-only.csv');
    expect(file.includes(0x0a)).toBe(false);
    const verified = await verifyFile(h, user.accessToken, file);
    expect(verified.json()).toEqual({ rows: 2, skipped: 0, duplicates: 0 });
    const { saved, status } = await importFile(h, user.accessToken, 'Old Mac', file);
    expect(saved.rows).toBe(2);
    expect(status).toMatchObject({ imported: 2, total: 2, processed: 2, skipped: 0 });
  });
});

describe('the row count of an upload', () => {
  it('agrees with the parser on every fixture, whatever its line ends and quoting', async () => {
    const dir = path.join(import.meta.dirname, 'fixtures', 'csv');
    for (const name of readdirSync(dir)) {
      const bytes = readFileSync(path.join(dir, name));
      const counter = new RecordCounter();
      await pipeline(Readable.from([bytes]), counter, new Writable({ write: (_c, _e, done) => done() }));
      let parsed = 0;
      try {
        for await (const _record of readCsvRecords(Readable.from([bytes]))) parsed++;
      } catch {
        continue; // a broken file is refused whole; its estimate does not matter
      }
      expect(`${name}: ${counter.records}`).toBe(`${name}: ${parsed}`);
    }
  });
});

describe('partial uploads never stay in DATA_DIR/imports', () => {
  it('failInterruptedImports (run at start) removes files no running import owns', async () => {
    await mkdir(importsDir, { recursive: true });
    const old = new Date(Date.now() - 2 * STALE_AFTER_MS);
    const dead = path.join(importsDir, `${randomUUID()}.csv`);
    await writeFile(dead, 'Name,Linkedin URL\nAda,https://www.linkedin.com/in/ad');
    await utimes(dead, old, old);
    // An upload another process (sharing the directory) may be receiving right now.
    const fresh = path.join(importsDir, `${randomUUID()}.csv`);
    await writeFile(fresh, 'Name,Linkedin URL\n');
    // The file of an import still running elsewhere (PostgreSQL: its heartbeat is fresh).
    const [list] = await h.deps.db
      .insert(lists)
      .values({ userId: user.user.id, name: `Running ${randomUUID()}`, status: 'importing' })
      .returning();
    if (!list) throw new Error('no list');
    const owned = path.join(importsDir, `${randomUUID()}.csv`);
    await writeFile(owned, 'Name,Linkedin URL\n');
    await utimes(owned, old, old);
    await h.deps.db.insert(importJobs).values({
      userId: user.user.id,
      listId: list.id,
      fileName: 'running.csv',
      filePath: owned,
      listCreated: true,
      statusBefore: 'ready',
      heartbeatAt: h.deps.clock.now(),
    });

    await failInterruptedImports(h.deps);

    const left = await leftovers();
    expect(left).not.toContain(path.basename(dead));
    // The embedded database has one process: nothing else can be uploading or importing.
    expect(left.includes(path.basename(fresh))).toBe(!embedded);
    expect(left.includes(path.basename(owned))).toBe(!embedded);
    if (!embedded) {
      const [job] = await h.deps.db.select().from(importJobs).where(eq(importJobs.listId, list.id));
      expect(job?.state).toBe('running');
      await h.deps.db.update(importJobs).set({ state: 'failed' }).where(eq(importJobs.listId, list.id));
      await h.deps.db.update(lists).set({ status: 'error' }).where(eq(lists.id, list.id));
      // Once nothing owns them and they are old enough, the next start takes them too.
      await utimes(fresh, old, old);
      await failInterruptedImports(h.deps);
      expect(await leftovers()).toEqual([]);
    }
  });

  it('a client that disconnects in the middle of its upload leaves no file and no list', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = await listCount();
    const boundary = `----cut-${randomUUID()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="list"\r\n\r\nAborted\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n` +
        'Name,Linkedin URL\r\n',
    );
    const rows = Buffer.from(
      Array.from({ length: 2000 }, (_, i) => `Person ${i},https://www.linkedin.com/in/person-${i}\r\n`).join(
        '',
      ),
    );
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST ${API}/save_leads HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.accessToken}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(head);
    socket.write(rows);
    // The upload is on its way to disk …
    for (let i = 0; (await leftovers()).length === 0; i++) {
      if (i > 500) throw new Error('the upload never reached DATA_DIR/imports');
      await sleep(10);
    }
    // … when the client goes away without finishing its body.
    socket.destroy();
    for (let i = 0; (await leftovers()).length > 0; i++) {
      if (i > 500) throw new Error(`partial upload still there: ${(await leftovers()).join(', ')}`);
      await sleep(10);
    }
    expect(await listCount()).toBe(before);
    // The server still serves requests on new connections.
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
  });
});

describe('uploads that are fine still work', () => {
  it('a normal save_leads imports and removes its file', async () => {
    const saved = await saveFile(h, user.accessToken, 'Fine list', fixture('url-column.csv'));
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
