import { afterEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from './index';

let sandbox: PlatformSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('injected faults', () => {
  it('answer the matching requests the given number of times, then stop', async () => {
    sandbox = await startPlatformSandbox();
    sandbox.faults.inject({
      method: 'get',
      path: '/anything/*',
      status: 429,
      body: { slow: 'down' },
      times: 2,
    });
    const get = () => fetch(`${sandbox?.url}/anything/else?x=1`);
    for (let i = 0; i < 2; i++) {
      const response = await get();
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ slow: 'down' });
    }
    expect((await get()).status).toBe(404);
    expect(sandbox.faults.pending()).toEqual([]);
  });

  it('are added, listed and cleared over HTTP, and a bad one is refused', async () => {
    sandbox = await startPlatformSandbox();
    const add = await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/x', status: 503 }),
    });
    expect(await add.json()).toEqual({ pending: 1 });
    const listed = (await fetch(`${sandbox.url}/__sandbox/faults`).then((r) => r.json())) as {
      faults: unknown[];
    };
    expect(listed.faults).toHaveLength(1);
    const bad = await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503 }),
    });
    expect(bad.status).toBe(400);
    await fetch(`${sandbox.url}/__sandbox/faults`, { method: 'DELETE' });
    expect((await fetch(`${sandbox.url}/x`)).status).toBe(404);
  });
});
