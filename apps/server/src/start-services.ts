import path from 'node:path';
import { type LinkedInSandbox, startLinkedInSandbox } from '@sales-assist/linkedin-sandbox';
import type { PlatformSandbox } from '@sales-assist/platform-sandbox';
import type { AppDeps } from './app-deps';
import { BACKGROUND_WORK, CSV_IMPORTS } from './background-work';
import { composeDeps } from './compose-deps';
import type { Database } from './db/open-database';
import type { Config, ProcessRole } from './env';
import { createCallerCache } from './http/caller-cache';
import { type BackgroundWork, createBackgroundWork } from './jobs/background-work';
import { type JobQueue, startJobQueue } from './jobs/job-queue';
import { registerSandboxWebhook } from './lib/clients/payments/register-sandbox-webhook';
import { openPlatformSandbox } from './lib/clients/publishing/publishing-clients';
import { startEventLoopWatchdog } from './lib/core/faults/event-loop-watchdog';
import { createListPagesCache } from './lib/core/list-pages-cache';
import { seedBuiltInThemes } from './modules/infographics/seed-built-in-themes';
import { SANDBOX_MEDIA_PATH } from './modules/linkedin/sandbox-media';
import { seedDefaultPrompts } from './modules/prompts/seed-default-prompts';

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type Services = {
  deps: AppDeps;
  role: ProcessRole;
  /** Whether this process runs the outreach sweep and runners (never in an API-only process). */
  engine: boolean;
  sandbox: LinkedInSandbox | null;
  /**
   * The publishing platforms' stand-in (LinkedIn feeds, Meta, WordPress) when this process runs it: a
   * platform has no credentials and no PLATFORM_SANDBOX_URL names one shared by every process.
   */
  platformSandbox: PlatformSandbox | null;
  jobs: JobQueue;
  /** What runs in the background in this process (background-work.ts), started and stopped here. */
  background: BackgroundWork<AppDeps>;
  /**
   * Starts the job workers and the engines when `workAfterListen` put them off (run-process.ts calls it
   * once the port is open); without it they have started already and this does nothing.
   */
  startWork: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * What runs beside the HTTP server: the LinkedIn sandbox when no real LinkedIn is configured, the job
 * queue, and everything in the list of background work (background-work.ts) this process's role runs.
 * main.ts and the test harness start the same things the same way.
 */
export const startServices = async (
  config: Config,
  database: Database,
  log: Log,
  options: {
    overrides?: Partial<Omit<AppDeps, 'config' | 'db'>>;
    jobPollingSeconds?: number;
    /**
     * false: no outreach sweep or runner, and no publishing recovery tick, in this process (engine tests
     * drive them themselves).
     */
    engine?: boolean;
    /** The sandbox's clock (tests share theirs with it); real time by default. */
    sandboxNow?: () => Date;
    /** This process's role; config.role by default (tests run processes of both roles side by side). */
    role?: ProcessRole;
    /**
     * true (a server process, run-process.ts): the LinkedIn sandbox listens at once and builds its world
     * at its first request, so a start does not wait ~0.5 s for people nobody has asked for yet. Tests
     * leave it false: they call the sandbox's control in process as soon as the services have started.
     */
    sandboxWorldAtFirstRequest?: boolean;
    /**
     * true (run-process.ts): the job workers and the outreach engine start when `startWork()` is called,
     * after the port has opened, not before. Nothing a request needs waits for them: a job sent meanwhile
     * waits in its queue (made when first sent, job-queue.ts) as it would for the next poll, and the
     * recovery sweeps they run at start only take rows left minutes ago by a process that died.
     */
    workAfterListen?: boolean;
    /**
     * true (run-process.ts): this is a server process's start, so the start-up recoveries that take every
     * interrupted CSV import and chat answer for cut off by the last stop run (background-work.ts). Tests
     * leave it false: a second harness on a test's database is a live neighbour, not a stopped process.
     */
    processStart?: boolean;
  } = {},
): Promise<Services> => {
  // Picture URLs of the sandbox are relative to the app, which relays them (modules/linkedin/sandbox-media.ts),
  // so a browser anywhere can show them although the sandbox listens on loopback only.
  const sandbox = config.linkedin.baseUrl
    ? null
    : await startLinkedInSandbox({
        port: 0,
        publicUrl: SANDBOX_MEDIA_PATH,
        // Compressed campaign days compress the simulated people's days too (acceptances, replies).
        daySeconds: config.outreach.daySeconds ?? 86_400,
        // Kept in the data directory, so its people remember invitations, likes and messages across
        // restarts as LinkedIn does, and an action interrupted by a crash is read back, not sent again.
        dataDir: path.join(config.dataDir, 'linkedin-sandbox'),
        ...(options.sandboxNow ? { now: options.sandboxNow } : {}),
        worldAtFirstRequest: options.sandboxWorldAtFirstRequest ?? false,
      });
  const platformSandbox = await openPlatformSandbox(config);
  const role = options.role ?? config.role;
  // The built-in prompts, at every start (idempotent, and safe when several processes start at once).
  await seedDefaultPrompts(database.db);
  // The built-in infographic themes and their template entries, the same way.
  await seedBuiltInThemes(database.db);
  // An API-only process sends jobs but works none: the worker processes run the queues and the engine.
  const works = role !== 'api';
  const jobs = await startJobQueue(database.executeSql, log, {
    pollingSeconds: options.jobPollingSeconds ?? 2,
    worker: works,
  });
  const linkedinBaseUrl = config.linkedin.baseUrl ?? sandbox?.url ?? '';
  // A process that serves HTTP keeps its signed-in callers, told of every change by the database.
  const callers = createCallerCache();
  if (role !== 'worker' && !options.overrides?.callers) await callers.listen(database);
  const listPages = createListPagesCache();
  if (role !== 'worker' && !options.overrides?.listPages) await listPages.listen(database);
  // Every process, worker too: a stalled loop stops its jobs and the engine as surely as its answers.
  const watchdog =
    options.overrides?.watchdog ??
    startEventLoopWatchdog(log, {
      stallMs: config.eventLoopStallMs,
      reportWhileStalled: !['silent', 'fatal', 'error'].includes(config.logLevel),
    });
  const runsEngine = works && options.engine !== false;
  // Every queue, tick, start-up recovery and runner this process runs starts and stops through here.
  const background = createBackgroundWork(BACKGROUND_WORK, {
    role,
    engine: runsEngine,
    processStart: options.processStart ?? false,
    jobs,
    log,
  });
  const deps = composeDeps(
    config,
    database.db,
    log,
    {
      linkedinBaseUrl,
      jobs,
      platformSandbox: platformSandbox.endpoint,
      csvImports: background.runnerOf(CSV_IMPORTS),
    },
    {
      callers,
      listPages,
      watchdog,
      ...options.overrides,
    },
  );
  // Payments in sandbox mode: the sandbox delivers its signed events to this app (a process serving HTTP).
  if (role !== 'worker') {
    await registerSandboxWebhook(deps.payments, config.appOrigin, config.stripe.timeoutMs).catch(
      (error: unknown) => {
        throw new Error(
          `The platform sandbox did not take the payments webhook endpoint (${(error as Error).message})`,
        );
      },
    );
  }
  // Before the port opens: the CSV import runner, and in a server process the recoveries that must run
  // before any new request does.
  await background.start('services', deps);
  const startWork = () => background.start('work', deps);
  if (!options.workAfterListen) await startWork();
  return {
    deps,
    role,
    engine: runsEngine,
    sandbox,
    platformSandbox: platformSandbox.local,
    jobs,
    background,
    startWork,
    stop: async () => {
      // The background work first (a start under way is waited for, so nothing is left running), the job
      // queue last of it; then what it used.
      await background.stop();
      await callers.stop();
      await listPages.stop();
      // The built-in model's memory and threads, once no job can call it any more.
      await deps.localModel?.unload();
      await sandbox?.close();
      await platformSandbox.local?.close();
      watchdog.stop();
    },
  };
};
