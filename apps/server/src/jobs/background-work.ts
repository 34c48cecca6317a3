import type { z } from 'zod';
import type { ProcessRole } from '../env';
import { JOB_PAYLOADS, type JobName, type JobPayloads } from './job-payloads';
import type { JobQueue } from './job-queue';

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** What each piece of background work is given: the process's dependencies, its job queue and its log. */
export type WorkContext<Deps> = { deps: Deps; jobs: JobQueue; log: Log };

/** Processes that answer HTTP (docs/decisions/speed-and-memory.md, "Scale-out and speed": process roles). */
export const SERVING: readonly ProcessRole[] = ['all', 'api'];
/** Processes that run the queues, the engines and their ticks. */
export const WORKING: readonly ProcessRole[] = ['all', 'worker'];

/**
 * When a piece starts. 'services': inside startServices, before a serving process opens its port (what a
 * request may need at once: the CSV import runner, and the recoveries that must run before any new request
 * does). 'work': at startWork, once the port is open, so a start never waits for it.
 */
export type Phase = 'services' | 'work';

/** What a started piece answers: how to stop it (a tick's timer, a runner's imports). */
type Running = { stop: () => void | Promise<void> };

/** One entry of the list of background work (background-work.ts at the server's top level). */
export type BackgroundEntry<Deps> = {
  kind: 'queue' | 'tick' | 'start-up recovery' | 'runner';
  name: string;
  /** The process roles that run it (run-process.ts). */
  roles: readonly ProcessRole[];
  phase: Phase;
  /**
   * Part of an engine (the outreach engine, the publishing recovery): not started in a process told
   * `engine: false`, whose tests drive the engine themselves.
   */
  engine: boolean;
  /**
   * A start-up recovery that runs only at a real process's start (run-process.ts), never in a test's
   * harness: there a second harness on the same database is a live neighbour, not a stopped process.
   */
  processStartOnly: boolean;
  /** A queue's payload schema (jobs/job-payloads.ts), checked when a job is sent and when it is taken. */
  schema: z.ZodType | null;
  /** How much at once or how often, in words: concurrency, batch size, interval, cron. */
  pace: string;
  start: (context: WorkContext<Deps>) => Promise<Running | null>;
};

type Common = { roles: readonly ProcessRole[]; engine?: boolean };
type Attempt = { last: boolean };

/** The fields every kind of entry fills the same way from what the list says of it. */
const entryOf = <Deps>(
  kind: BackgroundEntry<Deps>['kind'],
  name: string,
  said: Common & { phase?: Phase; processStartOnly?: boolean },
  rest: Pick<BackgroundEntry<Deps>, 'schema' | 'pace' | 'start'>,
): BackgroundEntry<Deps> => ({
  kind,
  name,
  roles: said.roles,
  phase: said.phase ?? 'work',
  engine: said.engine ?? false,
  processStartOnly: said.processStartOnly ?? false,
  ...rest,
});

/**
 * A queue worked one job at a time per slot, `concurrency` slots in each process; `every`: also sent on a
 * cron schedule (UTC), once per tick however many processes run it.
 */
export const queue = <Deps, N extends JobName>(
  name: N,
  entry: Common & {
    concurrency: number;
    every?: string;
    handle: (data: JobPayloads[N], attempt: Attempt, context: WorkContext<Deps>) => Promise<void>;
  },
): BackgroundEntry<Deps> =>
  entryOf('queue', name, entry, {
    schema: JOB_PAYLOADS[name],
    pace: `${entry.concurrency} at once${entry.every ? `; sent on the schedule ${entry.every} (UTC)` : ''}`,
    start: async (context) => {
      await context.jobs.work(name, (data, attempt) => entry.handle(data, attempt, context), {
        concurrency: entry.concurrency,
      });
      if (entry.every) await context.jobs.every(name, entry.every);
      // The queue's workers stop with the queue itself, last (BackgroundWork.stop).
      return null;
    },
  });

/** A queue whose handler takes each fetch whole, `batches` of them at once in each process. */
export const batchQueue = <Deps, N extends JobName>(
  name: N,
  entry: Common & {
    batches: (deps: Deps) => { concurrency: number; batchSize: number };
    /** In words, as `batches` decides (it may read the configuration). */
    pace: string;
    handle: (jobs: { data: JobPayloads[N]; last: boolean }[], context: WorkContext<Deps>) => Promise<void>;
  },
): BackgroundEntry<Deps> =>
  entryOf('queue', name, entry, {
    schema: JOB_PAYLOADS[name],
    pace: entry.pace,
    start: async (context) => {
      await context.jobs.workBatches(
        name,
        (jobs) => entry.handle(jobs, context),
        entry.batches(context.deps),
      );
      return null;
    },
  });

/**
 * Work run every `everyMs` in each process of its roles (and at once when `alsoAtStart`). A tick still
 * running when the next is due is not doubled: the next one is skipped. A failure is logged as `failure`
 * and the ticks go on.
 */
export const tick = <Deps>(
  name: string,
  entry: Common & {
    everyMs: (deps: Deps) => number;
    pace: string;
    alsoAtStart?: boolean;
    failure: string;
    run: (context: WorkContext<Deps>) => Promise<unknown>;
  },
): BackgroundEntry<Deps> =>
  entryOf('tick', name, entry, {
    schema: null,
    pace: entry.pace,
    start: async (context) => {
      let running = false;
      const run = () => {
        if (running) return;
        running = true;
        entry
          .run(context)
          .catch((error: unknown) => context.log.error({ err: error }, entry.failure))
          .finally(() => {
            running = false;
          });
      };
      const timer = setInterval(run, entry.everyMs(context.deps));
      // A tick never keeps a process alive: the process ends at its stop, not at its timers' end.
      timer.unref();
      if (entry.alsoAtStart) run();
      return { stop: () => clearInterval(timer) };
    },
  });

/** Work run `afterMs` after each whole minute of the wall clock, in each process of its roles. */
export const minuteTick = <Deps>(
  name: string,
  entry: Common & { afterMs: number; run: (context: WorkContext<Deps>) => void },
): BackgroundEntry<Deps> =>
  entryOf('tick', name, entry, {
    schema: null,
    pace: `${entry.afterMs} ms after each whole minute`,
    start: async (context) => {
      let timer: NodeJS.Timeout | null = null;
      const arm = () => {
        const now = Date.now();
        const next = Math.ceil((now + 1) / 60_000) * 60_000 + entry.afterMs;
        timer = setTimeout(() => {
          entry.run(context);
          arm();
        }, next - now);
        timer.unref();
      };
      arm();
      return {
        stop: () => {
          if (timer) clearTimeout(timer);
          timer = null;
        },
      };
    },
  });

/** Work run once as its phase starts, awaited: what a stopped or dead process left is put right. */
export const recovery = <Deps>(
  name: string,
  entry: Common & {
    phase: Phase;
    processStartOnly?: boolean;
    run: (context: WorkContext<Deps>) => Promise<void>;
  },
): BackgroundEntry<Deps> =>
  entryOf('start-up recovery', name, entry, {
    schema: null,
    pace: 'once, at start',
    start: async (context) => {
      await entry.run(context);
      return null;
    },
  });

/** Work this process runs itself, handed to it by a request (not through the queue). */
export type InProcessRunner<T> = { start: (item: T) => void; stop: () => Promise<void> };

/** A runner entry: the type of what it is handed rides on it, for BackgroundWork.runnerOf. */
export type RunnerEntry<Deps, T> = BackgroundEntry<Deps> & { kind: 'runner'; item?: T };

/** An in-process runner made at start in each process of its roles; its stop waits for what it runs. */
export const runner = <Deps, T>(
  name: string,
  entry: Common & { pace: string; create: (context: WorkContext<Deps>) => InProcessRunner<T> },
): RunnerEntry<Deps, T> =>
  entryOf(
    'runner',
    name,
    { ...entry, phase: 'services' },
    {
      schema: null,
      pace: entry.pace,
      start: async (context) => entry.create(context),
    },
  ) as RunnerEntry<Deps, T>;

export type BackgroundWork<Deps> = {
  /**
   * What a route hands work to: the runner of `entry` once it has started in this process. A process whose
   * role does not run it refuses (a programming error: only serving processes have the routes).
   */
  runnerOf: <T>(entry: RunnerEntry<Deps, T>) => { start: (item: T) => void };
  /** Starts, in the list's order, the entries of `phase` this process runs; each phase starts once. */
  start: (phase: Phase, deps: Deps) => Promise<void>;
  /** The names of what has started and not stopped (ticks, runners), in start order. */
  running: () => string[];
  /**
   * Stops everything in the reverse of its start order (a start under way is waited for first, so
   * nothing is left running), then the job queue, whose stop waits for the jobs in hand.
   */
  stop: () => Promise<void>;
};

/** The entries a process of `role` runs, given whether its engines run and whether this is a process start. */
export const entriesFor = <Deps>(
  list: readonly BackgroundEntry<Deps>[],
  setup: { role: ProcessRole; engine: boolean; processStart: boolean },
): BackgroundEntry<Deps>[] =>
  list.filter(
    (entry) =>
      entry.roles.includes(setup.role) &&
      (setup.engine || !entry.engine) &&
      (setup.processStart || !entry.processStartOnly),
  );

/**
 * The one place background work starts and stops (start-services.ts calls it): the entries of `list` this
 * process runs, phase by phase.
 */
export const createBackgroundWork = <Deps>(
  list: readonly BackgroundEntry<Deps>[],
  setup: { role: ProcessRole; engine: boolean; processStart: boolean; jobs: JobQueue; log: Log },
): BackgroundWork<Deps> => {
  const entries = entriesFor(list, setup);
  const started: { name: string; running: Running }[] = [];
  const runners = new Map<string, InProcessRunner<unknown>>();
  const phases = new Map<Phase, Promise<void>>();
  return {
    runnerOf: <T>(entry: RunnerEntry<Deps, T>) => ({
      start: (item: T) => {
        const live = runners.get(entry.name);
        if (!live) throw new Error(`${entry.name} does not run in this process (role ${setup.role})`);
        live.start(item);
      },
    }),
    start: (phase, deps) => {
      const already = phases.get(phase);
      if (already) return already;
      const starting = (async () => {
        const context: WorkContext<Deps> = { deps, jobs: setup.jobs, log: setup.log };
        for (const entry of entries) {
          if (entry.phase !== phase) continue;
          const running = await entry.start(context);
          if (!running) continue;
          started.push({ name: entry.name, running });
          if (entry.kind === 'runner') runners.set(entry.name, running as InProcessRunner<unknown>);
        }
      })();
      phases.set(phase, starting);
      return starting;
    },
    running: () => started.map((piece) => piece.name),
    stop: async () => {
      await Promise.allSettled(phases.values());
      for (const piece of started.reverse()) {
        runners.delete(piece.name);
        await piece.running.stop();
      }
      started.length = 0;
      await setup.jobs.stop();
    },
  };
};
