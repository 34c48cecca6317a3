import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventLoopWatchdog, startEventLoopWatchdog } from '../src/lib/core/faults/event-loop-watchdog';
import { type Harness, startHarness } from './support/harness';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Holds the event loop, as a statement of the embedded database that spins would. */
const stallFor = (ms: number): void => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // nothing else runs meanwhile
  }
};

describe('the event-loop watchdog', () => {
  let h: Harness;
  let watchdog: EventLoopWatchdog;
  const warnings: { eventLoopStalledMs?: number; msg: string }[] = [];
  beforeAll(async () => {
    watchdog = startEventLoopWatchdog(
      { warn: (obj, msg) => warnings.push({ ...(obj as { eventLoopStalledMs?: number }), msg }) },
      { stallMs: 300, reportWhileStalled: false },
    );
    h = await startHarness({ deps: { watchdog } });
    // What run-process does once it listens: stalls of the start itself are logged only.
    watchdog.started();
  });
  afterAll(async () => {
    await h.close();
    watchdog.stop();
  });

  it('says a stall in the log, with its length, and /api/health says degraded for it', async () => {
    const before = await h.call('GET', '/api/health');
    expect({ status: before.statusCode, body: before.json() }).toEqual({
      status: 200,
      body: { status: 'ok' },
    });

    // Stalls of the harness's own start were logged too: only this one counts.
    warnings.length = 0;
    stallFor(1_000);

    await expect
      .poll(() => warnings.at(-1)?.eventLoopStalledMs ?? 0, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(700);
    expect(warnings.at(-1)?.msg).toMatch(/^The event loop was stalled for \d+ ms/);
    const after = await h.call('GET', '/api/health');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      status: 'degraded',
      eventLoopStalledMs: expect.any(Number),
      message: expect.stringMatching(/^The server stopped answering for \d+ ms in the last minute$/),
    });
    expect(after.json<{ eventLoopStalledMs: number }>().eventLoopStalledMs).toBeGreaterThanOrEqual(700);
  });

  it('while the loop is still stuck, its own thread writes a warning line to stdout', () => {
    // A process whose loop never comes back within the run: only the watcher thread can speak.
    const script = `
      import { startEventLoopWatchdog } from './apps/server/src/lib/core/faults/event-loop-watchdog.ts';
      startEventLoopWatchdog({ warn: () => {} }, { stallMs: 300, reportWhileStalled: true });
      setTimeout(() => {
        const end = Date.now() + 3000;
        while (Date.now() < end) {}
        process.exit(0);
      }, 200);
    `;
    const stdout = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; eventLoopStalledMs: number });
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: expect.stringMatching(/is still stalled/) });
    expect(lines[0]?.eventLoopStalledMs).toBeGreaterThanOrEqual(300);
  });
});
