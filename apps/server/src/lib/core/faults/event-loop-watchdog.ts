import { Worker } from 'node:worker_threads';

type Log = { warn: (obj: object, msg: string) => void };

/** What /api/health reads: the longest stall of this process's event loop that ended lately. */
export type EventLoopWatchdog = {
  /**
   * The longest stall at or past the threshold that ended within the last RECENT_MS after `started`,
   * else null.
   */
  recentStallMs(): number | null;
  /**
   * The process has started (it listens): from now on a stall is reported to /api/health too. Stalls of
   * the start itself (loading the embedded database, compiling schemas) are only logged: nobody could ask
   * meanwhile, and a monitor must not see a fresh process as degraded for its first minute.
   */
  started(): void;
  stop(): void;
};

/** A process whose loop is never watched (scripts composing the parts without starting services). */
export const noWatchdog: EventLoopWatchdog = {
  recentStallMs: () => null,
  started: () => undefined,
  stop: () => undefined,
};

/** How often the loop is looked at, so a stall is measured to within this. */
const TICK_MS = 250;
/** How long a stall keeps /api/health at 503 after it ended: long enough for a monitor polling each minute. */
export const RECENT_MS = 60_000;

const WORKER_FILE = new URL('./stall-watch-worker.mjs', import.meta.url);

export type WatchdogOptions = {
  /** A stall this long (config.eventLoopStallMs) is one to report. */
  stallMs: number;
  /**
   * Whether a thread of its own writes "still stalled" lines to stdout while the loop is stuck (a stalled
   * loop cannot log anything itself). Off when the log is silent (tests).
   */
  reportWhileStalled: boolean;
};

/**
 * Notices a stalled event loop by the drift of a timer: a tick that comes `stallMs` late means nothing
 * ran for that long (a statement of the embedded database that spins, a synchronous loop). It says so in
 * the log once the loop runs again, with the stall's length, and answers it to /api/health. A loop that
 * never comes back cannot do either, so a worker thread watches a heartbeat the ticks write to shared
 * memory and writes a warning of its own, straight to stdout, every few seconds of the stall: the server
 * never hangs silently. Both timers are unref'd: the watchdog never keeps a process alive.
 */
export const startEventLoopWatchdog = (log: Log, options: WatchdogOptions): EventLoopWatchdog => {
  const heartbeat = new BigInt64Array(new SharedArrayBuffer(8));
  Atomics.store(heartbeat, 0, BigInt(Date.now()));
  let last = performance.now();
  let stall: { ms: number; endedAt: number } | null = null;
  let started = false;

  const tick = setInterval(() => {
    const now = performance.now();
    const late = Math.round(now - last - TICK_MS);
    last = now;
    Atomics.store(heartbeat, 0, BigInt(Date.now()));
    if (late < options.stallMs) return;
    log.warn(
      { eventLoopStalledMs: late },
      `The event loop was stalled for ${late} ms: nothing was answered meanwhile`,
    );
    if (!started) return;
    const keepsLonger = stall !== null && now - stall.endedAt < RECENT_MS && stall.ms > late;
    stall = { ms: keepsLonger && stall ? stall.ms : late, endedAt: now };
  }, TICK_MS);
  tick.unref();

  const watcher = options.reportWhileStalled
    ? new Worker(WORKER_FILE, {
        workerData: { heartbeat, stallMs: options.stallMs },
        // Not the parent's flags (tsx, inspector): the worker is plain JavaScript.
        execArgv: [],
      })
    : null;
  watcher?.unref();
  // A watcher that cannot run takes nothing else down: the ticks still log each stall afterwards.
  watcher?.on('error', (error) => log.warn({ err: error }, 'the event-loop watcher thread stopped'));

  return {
    recentStallMs: () => (stall && performance.now() - stall.endedAt < RECENT_MS ? stall.ms : null),
    started: () => {
      started = true;
    },
    stop: () => {
      clearInterval(tick);
      void watcher?.terminate();
    },
  };
};
