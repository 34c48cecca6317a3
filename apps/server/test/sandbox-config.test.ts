import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/env';

const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-config-'));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('compressed days and the LinkedIn sandbox', () => {
  it('are allowed with the bundled sandbox and with one started on its own (LINKEDIN_SANDBOX=true)', () => {
    expect(load({ OUTREACH_DAY_SECONDS: '4' }).linkedin).toMatchObject({ baseUrl: null, sandbox: true });
    const apart = load({
      OUTREACH_DAY_SECONDS: '4',
      LINKEDIN_BASE_URL: 'http://127.0.0.1:4700',
      LINKEDIN_SANDBOX: 'true',
    });
    expect(apart.linkedin).toMatchObject({
      baseUrl: 'http://127.0.0.1:4700',
      sandbox: true,
      minSpacingMs: 300,
    });
    expect(apart.outreach.daySeconds).toBe(4);
  });

  it('are refused with LinkedIn itself, and a sandbox flag on linkedin.com is refused', () => {
    expect(() => load({ OUTREACH_DAY_SECONDS: '4', LINKEDIN_BASE_URL: 'https://www.linkedin.com' })).toThrow(
      /OUTREACH_DAY_SECONDS is for a LinkedIn sandbox only/,
    );
    expect(() =>
      load({
        OUTREACH_DAY_SECONDS: '4',
        LINKEDIN_BASE_URL: 'http://127.0.0.1:4700',
        LINKEDIN_SANDBOX: 'false',
      }),
    ).toThrow(ConfigError);
    expect(() => load({ LINKEDIN_BASE_URL: 'https://www.linkedin.com', LINKEDIN_SANDBOX: 'true' })).toThrow(
      /LinkedIn itself/,
    );
    expect(load({ LINKEDIN_BASE_URL: 'https://www.linkedin.com' }).linkedin).toMatchObject({
      sandbox: false,
      minSpacingMs: 3000,
    });
  });
});
