import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_WORK } from '../src/background-work';
import { entriesFor } from '../src/jobs/background-work';
import { JOB_NAMES, JOB_PAYLOADS } from '../src/jobs/job-payloads';
import { type Harness, startHarness } from './support/harness';

const SOURCES = path.join(import.meta.dirname, '../src');

/** Every .ts file under the server's sources, tests beside the code left out. */
const sourceFiles = async (): Promise<string[]> => {
  const names = await readdir(SOURCES, { recursive: true });
  return names
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(SOURCES, name));
};

describe('the list of background work', () => {
  it('has one entry with its payload schema for every queue any code sends to', async () => {
    // What the code sends through the job queue (`jobs.send('name'`, the name maybe on the next line),
    // read as text, so a queue sent some other way than its type allows would show here too.
    const sent = new Set<string>();
    for (const file of await sourceFiles()) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(/jobs\.send\(\s*'([a-z][a-z-]*)'/g)) sent.add(match[1] as string);
    }
    expect([...sent].sort()).toEqual(
      [
        'engagement-refresh',
        'linkedin-search-import',
        'outreach-account',
        'post-figures-fetch',
        'publish-post',
        'render-social-image',
        'research-list',
        'write-blog-post',
        'write-campaign-messages',
      ].sort(),
    );
    const queues = BACKGROUND_WORK.filter((entry) => entry.kind === 'queue');
    // Every queue name, sent by code or by the queue's own schedule (publish-sweep), is worked, once.
    for (const name of new Set([...sent, ...JOB_NAMES])) {
      const entries = queues.filter((entry) => entry.name === name);
      expect(entries, name).toHaveLength(1);
      expect(entries[0]?.schema, name).toBe(JOB_PAYLOADS[name as keyof typeof JOB_PAYLOADS]);
    }
    expect(queues.map((entry) => entry.name).sort()).toEqual([...JOB_NAMES].sort());
  });

  it('names each piece once, with the roles that run it, and nothing else has a schema', () => {
    const names = BACKGROUND_WORK.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of BACKGROUND_WORK) {
      expect(entry.roles.length, entry.name).toBeGreaterThan(0);
      expect(entry.pace, entry.name).not.toBe('');
      expect(entry.schema !== null, entry.name).toBe(entry.kind === 'queue');
    }
  });

  it('gives an API process the CSV runner and its recoveries, a worker the rest; engine: false drops the engines', () => {
    const names = (role: 'all' | 'api' | 'worker', engine = true, processStart = true) =>
      entriesFor(BACKGROUND_WORK, { role, engine, processStart }).map((entry) => entry.name);
    expect(names('api')).toEqual(['csv-imports-cut-off', 'chat-answers-cut-off', 'csv-import']);
    // A test's harness is no process start: its neighbours on the database are alive.
    expect(names('api', true, false)).toEqual(['csv-import']);
    const worker = names('worker');
    expect(worker).not.toContain('csv-import');
    expect(worker).toEqual(
      expect.arrayContaining(['outreach-account', 'outreach-sweep', 'publish-recovery']),
    );
    expect(names('all')).toEqual(BACKGROUND_WORK.map((entry) => entry.name));
    const withoutEngines = names('worker', false);
    expect(withoutEngines).not.toEqual(
      expect.arrayContaining(['outreach-account', 'outreach-sweep', 'publish-recovery']),
    );
    expect(withoutEngines).toEqual(expect.arrayContaining(['publish-post', 'publish-sweep']));
  });
});

describe('job payloads checked against their schema', () => {
  let h: Harness;
  const logLines: string[] = [];
  /** An older version's process, or a hand-written job: plain pg-boss on the same database, no checks. */
  let foreign: PgBoss;
  /** The outreach runner jobs this test's handler was given. */
  const handled: unknown[] = [];

  beforeAll(async () => {
    h = await startHarness({ engine: false, logSink: (line) => logLines.push(line) });
    await h.services.jobs.work('outreach-account', async (data) => {
      handled.push(data);
    });
    foreign = new PgBoss({
      db: { executeSql: h.database.executeSql as never },
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
    await foreign.start();
  });
  afterAll(async () => {
    await foreign.stop({ graceful: false });
    await h.close();
  });

  const stateOf = async (id: string) => {
    const result = await h.deps.db.execute(
      sql`SELECT state, retry_count FROM pgboss.job WHERE id = ${id}::uuid`,
    );
    return (result as unknown as { rows: { state: string; retry_count: number }[] }).rows[0];
  };
  const blogJobs = async () => {
    const result = await h.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'write-blog-post'`,
    );
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
  };
  const loggedRefusal = (id: string) =>
    logLines
      .map((line) => JSON.parse(line) as { msg?: string; jobId?: string; queue?: string; level?: number })
      .find((line) => line.jobId === id && /malformed payload/.test(line.msg ?? ''));

  it('fails a malformed job at once, without retry and without its handler, logged with its id; the worker works on', {
    timeout: 30_000,
  }, async () => {
    const malformed = await foreign.send('outreach-account', { account: 'no accountId here' });
    if (!malformed) throw new Error('not sent');
    await expect.poll(async () => (await stateOf(malformed))?.state, { timeout: 15_000 }).toBe('failed');
    expect((await stateOf(malformed))?.retry_count).toBe(0);
    expect(handled).toEqual([]);
    expect(loggedRefusal(malformed)).toMatchObject({ queue: 'outreach-account', level: 50 });

    // The same worker takes the next well-formed job.
    await h.services.jobs.send('outreach-account', { accountId: 'an-account' });
    await expect.poll(() => handled, { timeout: 15_000 }).toEqual([{ accountId: 'an-account' }]);
  });

  it('fails a malformed job of a batched queue alone: the well-formed ones beside it complete', {
    timeout: 30_000,
  }, async () => {
    // Sent together, so the publishing workers most likely fetch them in one batch.
    const [malformed, wellFormed] = await Promise.all([
      foreign.send('publish-post', { scheduledPostId: 'seven' }, { singletonKey: 'seven' }),
      // No such post: the engine skips it, and its job completes.
      foreign.send('publish-post', { scheduledPostId: 2_000_000_000 }, { singletonKey: 'none' }),
    ]);
    if (!malformed || !wellFormed) throw new Error('not sent');
    await expect.poll(async () => (await stateOf(wellFormed))?.state, { timeout: 15_000 }).toBe('completed');
    await expect.poll(async () => (await stateOf(malformed))?.state, { timeout: 15_000 }).toBe('failed');
    expect((await stateOf(malformed))?.retry_count).toBe(0);
    expect(loggedRefusal(malformed)).toMatchObject({ queue: 'publish-post' });
  });

  it('refuses to send a malformed payload: a programming error, thrown to the sender, nothing queued', async () => {
    const before = await blogJobs();
    await expect(h.deps.jobs.send('write-blog-post', { itemId: 'one' } as never)).rejects.toThrow(
      /write-blog-post job's payload is malformed/,
    );
    await expect(
      h.services.jobs.send('render-social-image', { itemId: 3 } as never, { singletonKey: 'x' }),
    ).rejects.toThrow(/version/);
    const after = await blogJobs();
    expect(after).toEqual(before);
  });
});

describe('starting and stopping through one place', () => {
  /** Timers the server's own code started while the services ran, with where. */
  const timers: { timer: NodeJS.Timeout; at: string }[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The frame that called the timer function (past this file's wrapper and the spy's own frames). */
  const callerFrame = (stack: string | undefined): string | null =>
    stack
      ?.split('\n')
      .slice(1)
      .find(
        (frame) =>
          !frame.includes('background-work.test.ts') &&
          !/node_modules\/(@vitest|tinyspy|vitest)\//.test(frame),
      )
      ?.trim() ?? null;

  it('starts every tick and runner of the list, and its stop leaves none running and no timer armed', {
    timeout: 60_000,
  }, async () => {
    for (const kind of ['setInterval', 'setTimeout'] as const) {
      const real = globalThis[kind];
      vi.spyOn(globalThis, kind).mockImplementation(((...args: Parameters<typeof setTimeout>) => {
        const timer = real(...args);
        const at = callerFrame(new Error().stack);
        if (at?.includes('/apps/server/src/')) timers.push({ timer, at });
        return timer;
      }) as typeof setTimeout);
    }
    const h = await startHarness();
    expect(h.services.background.running()).toEqual([
      'csv-import',
      'publish-minute-wake',
      'publish-recovery',
      'outreach-sweep',
    ]);
    // The ticks' own timers are among those the services armed.
    expect(timers.some(({ at }) => at.includes('jobs/background-work.ts'))).toBe(true);
    await h.close();
    expect(h.services.background.running()).toEqual([]);
    const left = timers.filter(({ timer }) => !(timer as unknown as { _destroyed: boolean })._destroyed);
    expect(left.map(({ at }) => at)).toEqual([]);
  });
});
