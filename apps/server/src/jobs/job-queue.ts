import { PgBoss } from 'pg-boss';
import type { ExecuteSql } from '../db/open-database';

/** Every background job, by queue name, with its payload. */
export type JobPayloads = {
  'linkedin-search-import': { importId: string };
  /** Writes the messages of a new campaign's leads. */
  'campaign-messages': { campaignId: number };
  /** Runs the next due outreach step of one LinkedIn account (one runner per account at a time). */
  'outreach-account': { accountId: string };
};
export type JobName = keyof JobPayloads;

type Log = { error: (obj: object, msg: string) => void };

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
    options?: { concurrency?: number },
  ) => Promise<void>;
  stop: () => Promise<void>;
};

/** How a failed job is tried again: it resumes from its saved progress, so a retry never repeats work. */
const RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true } as const;

/**
 * One outreach runner per LinkedIn account: with `stately` and the account id as singleton key, an
 * account has at most one job waiting and one running, however many processes sweep.
 */
const POLICY: Partial<Record<JobName, 'stately'>> = { 'outreach-account': 'stately' };

/**
 * pg-boss on the application's own database (PGlite or PostgreSQL): durable jobs that survive
 * restarts, shared safely by several worker processes (SKIP LOCKED).
 */
export const startJobQueue = async (
  executeSql: ExecuteSql,
  log: Log,
  options: { pollingSeconds?: number } = {},
): Promise<JobQueue> => {
  const boss = new PgBoss({ db: { executeSql: executeSql as never }, schema: 'pgboss' });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: JobName) => {
    if (created.has(name)) return;
    await boss.createQueue(name, { ...RETRY, policy: POLICY[name] ?? 'standard' });
    created.add(name);
  };
  return {
    send: async (name, data, sendOptions = {}) => {
      await ensureQueue(name);
      await boss.send(name, data, { ...RETRY, ...sendOptions });
    },
    work: async (name, handler, workOptions = {}) => {
      await ensureQueue(name);
      await boss.work<JobPayloads[typeof name]>(
        name,
        {
          pollingIntervalSeconds: options.pollingSeconds ?? 2,
          localConcurrency: workOptions.concurrency ?? 1,
        },
        async (jobs) => {
          for (const job of jobs) await handler(job.data, { last: job.retryCount >= RETRY.retryLimit });
        },
      );
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
};
