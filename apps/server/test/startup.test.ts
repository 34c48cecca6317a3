import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from '../src/db/data-dir-lock';
import { openPglite } from '../src/db/open-database';
import { ConfigError, loadConfig } from '../src/env';

const tempDir = () => mkdtemp(path.join(tmpdir(), 'sales-assist-start-'));

describe('configuration', () => {
  it('generates JWT and vault secrets once in DATA_DIR and keeps them across starts', async () => {
    const dataDir = await tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret).toHaveLength(64);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.vaultKey.equals(first.vaultKey)).toBe(true);
    expect(first.notices).toContain('RECAPTCHA_SECRET not set: reCAPTCHA checks are off');
  });

  it('requires the secrets in production and explains bad values', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/nonexistent' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ VAULT_KEY: 'short', JWT_SECRET: 'x'.repeat(32) })).toThrow(
      /VAULT_KEY must be 64 hex/,
    );
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'a@b.c', JWT_SECRET: 'x'.repeat(32), VAULT_KEY: '0'.repeat(64) }),
    ).toThrow(/go together/);
  });
});

describe('embedded database', () => {
  it('keeps data across a restart and refuses a DATA_DIR that is already open', async () => {
    const dataDir = await tempDir();
    const first = await openPglite(dataDir);
    await first.db.execute('CREATE TABLE kept (v text)');
    await first.db.execute("INSERT INTO kept VALUES ('still here')");
    await expect(openPglite(dataDir)).rejects.toThrow(DataDirInUseError);
    await first.close();
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const again = await openPglite(dataDir);
    const rows = await again.db.execute<{ v: string }>('SELECT v FROM kept');
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ v: 'still here' }]);
    await again.close();
  });

  it('takes over a lock left by a dead process', async () => {
    const dataDir = await tempDir();
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid;
    await new Promise((resolve) => child.on('exit', resolve));
    await writeFile(path.join(dataDir, 'server.lock'), String(deadPid));
    const unlock = lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
  });
});
