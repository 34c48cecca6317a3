// Watches the main thread's heartbeat (lib/core/faults/event-loop-watchdog.ts) from a thread of its own, and says
// in the log, while it lasts, that the event loop is stalled: the main thread cannot say it itself.
// Plain JavaScript, as a worker runs without the parent's loaders.
import { writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { workerData } from 'node:worker_threads';

const { heartbeat, stallMs } = workerData;
/** While the stall lasts, one line this often: enough to see it, not enough to flood the log. */
const REPEAT_MS = 10_000;
let reportedAt = 0;

setInterval(
  () => {
    const stalledMs = Date.now() - Number(Atomics.load(heartbeat, 0));
    if (stalledMs < stallMs || Date.now() - reportedAt < REPEAT_MS) return;
    reportedAt = Date.now();
    // pino's line (level 40 = warn), written synchronously to stdout: the main thread relays nothing now.
    const line = {
      level: 40,
      time: Date.now(),
      pid: process.pid,
      hostname: hostname(),
      eventLoopStalledMs: stalledMs,
      msg: `The event loop has been stalled for ${stalledMs} ms and is still stalled: nothing is answered`,
    };
    writeSync(1, `${JSON.stringify(line)}\n`);
  },
  Math.max(100, Math.min(1_000, Math.floor(stallMs / 2))),
);
