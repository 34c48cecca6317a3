import { type Job, type JobResult, PgBoss } from 'pg-boss';
import type { ExecuteSql } from '../db/open-database';
import { type JobName, type JobPayloads, readPayload } from './job-payloads';

export type { JobName, JobPayloads } from './job-payloads';

type Log = { error: (obj: object, msg: string) => void };

/**
 * The job queue. Every payload is checked against its queue's schema (jobs/job-payloads.ts): `send` throws on
 * a malformed one; the workers fail a malformed job for good, logged with its id, before any handler sees it.
 */
export type JobQueue = {
  send: <N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options?: { singletonKey?: string; startAfter?: Date },
  ) => Promise<void>;
  /** `attempt.last`: no retry follows if this attempt fails, so the handler must settle what it started. */
  work: <N extends JobName>(
    name: N,
    handler: (data: JobPayloads[N], attempt: { last: boolean }) => Promise<void>,
    /**
     * `batchSize` > 1: each fetch takes up to that many jobs and runs them side by side, and fetching goes
     * on without the polling pause while fetches come back full (a burst of due jobs is drained at once).
     */
    options?: { concurrency?: number; batchSize?: number },
  ) => Promise<void>;
  /**
   * Like work, but the handler takes each fetch whole (up to `batchSize` jobs), so it can read, claim and
   * settle them together; fetching goes on without the polling pause while fetches come back full. A throw
   * fails the whole batch, whose jobs are then retried (the handler must be safe to run again).
   */
  workBatches: <N extends JobName>(
    name: N,
    handler: (jobs: { data: JobPayloads[N]; last: boolean }[]) => Promise<void>,
    options: { concurrency: number; batchSize: number },
  ) => Promise<void>;
  /** Wakes this process's workers of `name` to fetch now rather than at their next poll. */
  wake: (name: JobName) => void;
  /** Sends a job of `name` on this cron schedule (UTC), once per tick however many workers run. */
  every: (name: JobName, cron: string) => Promise<void>;
  /** The jobs of `name` still waiting (created or retrying) and when each may start, for sweeps that find lost ones. */
  waiting: <N extends JobName>(name: N) => Promise<{ data: JobPayloads[N]; startAfter: Date }[]>;
  /**
   * Cancels the jobs of `name` with this singleton key that are marked active. Only for jobs whose
   * worker is known to be gone (its process died): the job would otherwise hold its `stately` slot
   * until the queue expires it.
   */
  cancelActive: (name: JobName, singletonKey: string) => Promise<number>;
  /** The jobs of `name` marked active, with how long ago (by the database's clock) each was taken. */
  activeJobs: (name: JobName) => Promise<{ id: string; singletonKey: string | null; ageMs: number }[]>;
  /** Cancels these jobs of `name` (only jobs whose worker is known to be gone, as for cancelActive). */
  cancel: (name: JobName, ids: string[]) => Promise<void>;
  stop: () => Promise<void>;
};

/** How often each process reloads the queues' rows (pg-boss's default is a minute): see recountActiveKeys. */
const QUEUE_CACHE_SECONDS = 5;

/** How a failed job is tried again: it resumes from its saved progress, so a retry never repeats work. */
const RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true } as const;

/**
 * One outreach runner per LinkedIn account: with `stately` and the account id as singleton key, an
 * account has at most one job waiting and one running, however many processes sweep.
 */
const POLICY: Partial<Record<JobName, 'short' | 'stately' | 'exclusive'>> = {
  'outreach-account': 'stately',
  // One job per campaign waiting, retrying or running (a queue's policy is fixed when it is created,
  // hence a new queue name; jobs left in the old 'campaign-messages' queue are caught by the sweep).
  'write-campaign-messages': 'exclusive',
  // At most one waiting job per post, however often it is queued; a job of a process that died may
  // still be marked active, and must not keep the replacement from running (write-blog-post.ts).
  'write-blog-post': 'short',
  // One waiting job per picture version (its singleton key names the version).
  'render-social-image': 'short',
  // One waiting job per post and instant (queuePublish's singleton key); the job itself claims the post,
  // so a second one for another instant does nothing.
  'publish-post': 'short',
  // One lead of a list's research running and the next one waiting (the run's id is the singleton key).
  'research-list': 'stately',
  // One figures read per connection waiting and one running (the connection's id is the singleton key).
  'post-figures-fetch': 'stately',
};

/**
 * A runner job lasts at most the engine's lease (5 minutes); one left active by a process that died
 * outside a lease (between fetching the job and taking the lease) is expired after 6 minutes rather
 * than pg-boss's default 15. Jobs of a runner that died holding the lease are cancelled at once by the
 * engine (modules/outreach/recover-runners.ts).
 */
const EXPIRY: Partial<Record<JobName, { expireInSeconds: number }>> = {
  'outreach-account': { expireInSeconds: 6 * 60 },
  // Longer than any post takes (the LLM's stream limit is 3 minutes); then the queue retries it.
  'write-blog-post': { expireInSeconds: 10 * 60 },
  // Longer than the image model's time limit and the Selection step; then the queue tries it again.
  'render-social-image': { expireInSeconds: 5 * 60 },
  // Longer than any publish takes (Instagram's container wait is 2 minutes). A job of a process that died
  // stays active until then, but its post does not wait for it: the engine's recovery tick queues a new
  // job within seconds (modules/publishing/engine/recover.ts), and this one, retried, finds it settled.
  'publish-post': { expireInSeconds: 5 * 60 },
};

/**
 * pg-boss on the application's own database (PGlite or PostgreSQL): durable jobs that survive
 * restarts, shared safely by several worker processes (SKIP LOCKED).
 */
export const startJobQueue = async (
  executeSql: ExecuteSql,
  log: Log,
  options: {
    pollingSeconds?: number;
    /**
     * false: this process only sends jobs (an API process): no maintenance or cron timers run here, and
     * no handler may be registered; worker processes do both.
     */
    worker?: boolean;
  } = {},
): Promise<JobQueue> => {
  const worker = options.worker ?? true;
  const boss = new PgBoss({
    db: { executeSql: executeSql as never },
    schema: 'pgboss',
    // Workers skip the singleton keys the queue's cached row lists as active (its singletons_active); a
    // key freed by cancelling a dead process's job must not stay skipped for the default minute.
    queueCacheIntervalSeconds: QUEUE_CACHE_SECONDS,
    ...(worker ? {} : { supervise: false, schedule: false }),
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  /**
   * pg-boss keeps the singleton keys with an active job in the queue's row (singletons_active), written by
   * its monitor once a minute, and fetches skip those keys. After cancelling a dead process's job the row
   * is recomputed at once: a key the dead process's monitor saw active would otherwise stay skipped until
   * the next monitor pass and cache refresh (up to two minutes: the 130 s resumption after a kill -9).
   */
  const recountActiveKeys = (name: JobName) =>
    executeSql(
      `UPDATE pgboss.queue q SET singletons_active =
         (SELECT array_agg(j.singleton_key) FROM pgboss.job j
           WHERE j.name = q.name AND j.state = 'active' AND j.policy IN ('singleton', 'stately'))
        WHERE q.name = $1`,
      [name],
    );
  const created = new Set<string>();
  const ensureQueue = async (name: JobName) => {
    if (created.has(name)) return;
    await boss.createQueue(name, { ...RETRY, ...EXPIRY[name], policy: POLICY[name] ?? 'standard' });
    // createQueue leaves an existing queue as it was: a database made before the expiry was set gets it here.
    const expiry = EXPIRY[name];
    if (expiry) await boss.updateQueue(name, expiry);
    created.add(name);
  };
  /**
   * Splits a fetch into the jobs whose payload their queue's schema reads and the others: a job sent by an
   * older version or written by hand. Those are logged with their id and failed for good ('deadletter':
   * no retry, and no dead-letter queue is set, so they just end failed); no handler ever sees them.
   */
  const screen = <N extends JobName>(name: N, jobs: Job<unknown>[]) => {
    const good: { id: string; data: JobPayloads[N]; last: boolean }[] = [];
    const refused: JobResult[] = [];
    for (const job of jobs) {
      const read = readPayload(name, job.data);
      if (read.ok) {
        good.push({ id: job.id, data: read.data, last: job.retryCount >= RETRY.retryLimit });
        continue;
      }
      log.error(
        { queue: name, jobId: job.id, problem: read.problem },
        'a job with a malformed payload was failed without retry',
      );
      refused.push({
        id: job.id,
        status: 'deadletter',
        output: { message: `malformed payload: ${read.problem}` },
      });
    }
    return { good, refused };
  };
  /** The well-formed jobs' results: all completed, or all failed (and retried) when `failure` is set. */
  const settle = (jobs: { id: string }[], failure: unknown): JobResult[] =>
    jobs.map((job) =>
      failure === undefined
        ? { id: job.id, status: 'completed' }
        : { id: job.id, status: 'failed', output: failure },
    );
  return {
    send: async (name, data, sendOptions = {}) => {
      // A payload its schema refuses is the sender's mistake: it fails here, in the sender's request or
      // job, rather than later in a worker that could only fail it.
      const read = readPayload(name, data);
      if (!read.ok) throw new Error(`a ${name} job's payload is malformed: ${read.problem}`);
      await ensureQueue(name);
      await boss.send(name, read.data, { ...RETRY, ...sendOptions });
    },
    work: async (name, handler, workOptions = {}) => {
      if (!worker) throw new Error(`this process only sends jobs: no worker for ${name} here`);
      await ensureQueue(name);
      const batchSize = workOptions.batchSize ?? 1;
      await boss.work<unknown>(
        name,
        {
          pollingIntervalSeconds: options.pollingSeconds ?? 2,
          localConcurrency: workOptions.concurrency ?? 1,
          ...(batchSize > 1 ? { batchSize, burstWhenBatchFull: true } : {}),
          perJobResults: true,
        },
        async (jobs) => {
          const { good, refused } = screen(name, jobs);
          // Side by side; a failure fails every well-formed job of the fetch, which are then retried
          // (handlers of batched queues must be safe to run again).
          const results = await Promise.allSettled(good.map((job) => handler(job.data, { last: job.last })));
          const failed = results.find((result) => result.status === 'rejected');
          return [
            ...settle(good, failed ? (failed.reason ?? new Error('the handler failed')) : undefined),
            ...refused,
          ];
        },
      );
    },
    workBatches: async (name, handler, workOptions) => {
      if (!worker) throw new Error(`this process only sends jobs: no worker for ${name} here`);
      await ensureQueue(name);
      await boss.work<unknown>(
        name,
        {
          pollingIntervalSeconds: options.pollingSeconds ?? 2,
          localConcurrency: workOptions.concurrency,
          batchSize: workOptions.batchSize,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        async (jobs) => {
          const { good, refused } = screen(name, jobs);
          if (good.length === 0) return refused;
          const failure = await handler(good.map((job) => ({ data: job.data, last: job.last }))).then(
            () => undefined,
            (error: unknown) => error ?? new Error('the handler failed'),
          );
          return [...settle(good, failure), ...refused];
        },
      );
    },
    wake: (name) => {
      for (const running of boss.getWipData())
        if (running.name === name && running.state === 'active') boss.notifyWorker(running.id);
    },
    every: async (name, cron) => {
      if (!worker) throw new Error(`this process only sends jobs: no schedule for ${name} here`);
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    waiting: async (name) => {
      await ensureQueue(name);
      const jobs = await boss.findJobs<JobPayloads[typeof name]>(name, { queued: true });
      return jobs.map((job) => ({ data: job.data, startAfter: new Date(job.startAfter) }));
    },
    cancelActive: async (name, singletonKey) => {
      await ensureQueue(name);
      const active = (await boss.findJobs(name, { key: singletonKey })).filter(
        (job) => job.state === 'active',
      );
      if (active.length > 0) {
        await boss.cancel(
          name,
          active.map((job) => job.id),
        );
        await recountActiveKeys(name);
      }
      return active.length;
    },
    activeJobs: async (name) => {
      await ensureQueue(name);
      // pgboss.job is the root of every queue's table, partitioned or not; few jobs are active at a time.
      const result = await executeSql(
        `SELECT id::text AS id, singleton_key,
                (EXTRACT(EPOCH FROM (now() - started_on)) * 1000)::float8 AS age_ms
           FROM pgboss.job WHERE name = $1 AND state = 'active'`,
        [name],
      );
      return (result.rows as { id: string; singleton_key: string | null; age_ms: number }[]).map((row) => ({
        id: row.id,
        singletonKey: row.singleton_key,
        ageMs: Number(row.age_ms),
      }));
    },
    cancel: async (name, ids) => {
      if (ids.length === 0) return;
      await boss.cancel(name, ids);
      await recountActiveKeys(name);
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
};
