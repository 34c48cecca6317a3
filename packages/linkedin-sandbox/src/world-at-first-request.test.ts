import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLinkedInSandbox } from './index';
import { openBrowser, testClock } from './test-support';

const clock = testClock();
const LI_AT = 'AQEDAfirst-request';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sandbox-first-request-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const start = (worldAtFirstRequest: boolean) =>
  startLinkedInSandbox({
    networkSize: 300,
    seed: 9,
    now: clock.now,
    daySeconds: 60,
    dataDir: dir,
    worldAtFirstRequest,
  });

describe('a sandbox that builds its world at the first request', () => {
  it('listens before its world exists, builds the same world at the first call, and keeps it', async () => {
    const eager = await start(false);
    const browser = await openBrowser(eager.url, LI_AT);
    // Picture addresses carry the sandbox's own address, a new port at each start.
    const meOf = async (call: typeof browser.call, url: string) =>
      (await call('GET', '/voyager/api/me')).text.replaceAll(url, 'SANDBOX');
    const me = await meOf(browser.call, eager.url);
    const people = JSON.stringify(eager.control.people({ limit: 300, liAt: LI_AT })).replaceAll(
      eager.url,
      'SANDBOX',
    );
    eager.control.setNotesAllowed(LI_AT, false);
    const state = eager.control.memberState(LI_AT);
    await eager.close();

    const lazy = await start(true);
    try {
      // Nothing is drawn or read until a call comes: in-process control says to wait for the world.
      expect(() => lazy.control.info()).toThrow(/ready\(\)/);
      const again = await openBrowser(lazy.url, LI_AT);
      expect(await meOf(again.call, lazy.url)).toBe(me);
      // Built by that call: the same people from the seed, and the kept member with what it did.
      expect(
        JSON.stringify(lazy.control.people({ limit: 300, liAt: LI_AT })).replaceAll(lazy.url, 'SANDBOX'),
      ).toBe(people);
      expect(lazy.control.memberState(LI_AT)).toEqual(state);
    } finally {
      await lazy.close();
    }
    expect((await readdir(dir)).sort()).toEqual(['world.json']);
  });

  it('answers calls that arrive together while the world is built, and ready() builds it for in-process use', async () => {
    const sandbox = await start(true);
    try {
      const answers = await Promise.all(
        ['AQEDAone', 'AQEDAtwo', 'AQEDAthree'].map((liAt) =>
          fetch(`${sandbox.url}/feed/`, { headers: { cookie: `li_at=${liAt}` }, redirect: 'manual' }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      await sandbox.ready();
      expect(sandbox.control.info().networkSize).toBe(300);
    } finally {
      await sandbox.close();
    }
  });

  it('closes without ever building its world', async () => {
    const sandbox = await start(true);
    await sandbox.close();
    await expect(fetch(`${sandbox.url}/feed/`)).rejects.toThrow();
  });
});
