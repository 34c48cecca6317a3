import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/app';
import { openPglite } from '../src/db/open-database';
import { loadConfig } from '../src/env';
import { startServices } from '../src/start-services';

// The bundled sandbox keeps its world in DATA_DIR, so what the app did on "LinkedIn" is still there
// after a restart (the engine reads it back instead of acting again).
const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-sandbox-kept-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

const withServices = async <T>(
  use: (services: Awaited<ReturnType<typeof startServices>>) => T,
): Promise<T> => {
  const database = await openPglite(undefined);
  const services = await startServices(config, database, createLogger('silent'), { engine: false });
  try {
    return use(services);
  } finally {
    await services.stop();
    await database.close();
  }
};

describe('the bundled LinkedIn sandbox', () => {
  it('remembers its world across a restart of the app', async () => {
    const liAt = 'AQEDAbundled';
    const before = await withServices((services) => {
      const control = services.sandbox?.control;
      if (!control) throw new Error('no bundled sandbox');
      control.setNotesAllowed(liAt, false);
      control.advanceTime(3_600_000);
      return { state: control.memberState(liAt), now: control.info().now };
    });
    const worldFile = path.join(dataDir, 'linkedin-sandbox', 'world.json');
    expect(existsSync(worldFile)).toBe(true);
    // No secret in the data directory: the sandbox keeps a hash of the session cookie, as LinkedIn does.
    expect(readFileSync(worldFile, 'utf8')).not.toContain(liAt);
    const after = await withServices((services) => ({
      state: services.sandbox?.control.memberState(liAt),
      now: services.sandbox?.control.info().now,
    }));
    expect(after.state).toEqual(before.state);
    expect(after.state?.member.notesAllowed).toBe(false);
    // The clock moved by the control API stays moved (an hour ahead of real time).
    expect(new Date(after.now ?? 0).getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });
});
