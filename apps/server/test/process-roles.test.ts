import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema';
import { ConfigError, loadConfig } from '../src/env';
import { connectLinkedIn, seedCampaign } from './support/campaign-factories';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PROCESS_ROLE', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), VAULT_KEY: '0'.repeat(64), DATA_DIR: '/tmp/unused' };

  it('api and worker processes need a shared PostgreSQL server, a shared LinkedIn and a shared platform sandbox', () => {
    for (const role of ['api', 'worker']) {
      expect(() =>
        loadConfig({ ...base, PROCESS_ROLE: role, LINKEDIN_BASE_URL: 'http://127.0.0.1:4700' }),
      ).toThrow(/needs DATABASE_URL/);
      expect(() => loadConfig({ ...base, PROCESS_ROLE: role, DATABASE_URL: 'postgres://h/db' })).toThrow(
        /needs LINKEDIN_BASE_URL/,
      );
      const shared = {
        ...base,
        PROCESS_ROLE: role,
        DATABASE_URL: 'postgres://h/db',
        LINKEDIN_BASE_URL: 'http://127.0.0.1:4700',
      };
      // The publishing platforms' sandbox too, unless every platform has its app.
      expect(() => loadConfig(shared)).toThrow(/needs PLATFORM_SANDBOX_URL/);
      const config = loadConfig({ ...shared, PLATFORM_SANDBOX_URL: 'http://127.0.0.1:4710' });
      expect(config.role).toBe(role);
      expect(config.platformSandboxUrl).toBe('http://127.0.0.1:4710');
      const withApps = {
        META_APP_ID: '1',
        META_APP_SECRET: 's',
        LINKEDIN_CLIENT_ID: 'c',
        LINKEDIN_CLIENT_SECRET: 's',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      };
      expect(loadConfig({ ...shared, ...withApps }).platformSandboxUrl).toBeNull();
    }
    expect(loadConfig(base).role).toBe('all');
    expect(() => loadConfig({ ...base, PROCESS_ROLE: 'both' })).toThrow(ConfigError);
  });

  it('npm run worker on the embedded database refuses to start with the reason', () => {
    const worker = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../src/worker.ts')],
      { env: { ...process.env, ...base, DATABASE_URL: '' }, encoding: 'utf8', timeout: 30_000 },
    );
    expect(worker.status).toBe(1);
    expect(worker.stderr).toContain('PROCESS_ROLE=worker needs DATABASE_URL');
  });
});

describe('an API-only process and a worker process on one database', () => {
  let api: Harness;
  let worker: Harness | undefined;
  beforeAll(async () => {
    api = await startHarness({ role: 'api' });
  });
  afterAll(async () => {
    await worker?.close();
    await api.close();
  });

  const jobStates = async (h: Harness): Promise<string[]> => {
    const result = await h.deps.db.execute(
      sql`SELECT state FROM pgboss.job WHERE name = 'write-campaign-messages' ORDER BY created_on`,
    );
    return (result as unknown as { rows: { state: string }[] }).rows.map((row) => row.state);
  };
  const pending = async (h: Harness, campaignId: number): Promise<number> => {
    const [row] = await h.deps.db
      .select({ pending: campaigns.messagesPending })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId));
    return row?.pending ?? -1;
  };

  it('the API process queues the messages job and works none; the worker writes the messages', async () => {
    expect(api.services.role).toBe('api');
    expect(api.services.engine).toBe(false);
    const user = await seedUser(api);
    await connectLinkedIn(api, user);
    const { campaignId } = await seedCampaign(api, user, 3);
    expect(await jobStates(api)).toEqual(['created']);

    // Four polling rounds of a worker (0.5 s in tests) go by: the API process takes nothing.
    await sleep(2000);
    expect(await jobStates(api)).toEqual(['created']);
    expect(await pending(api, campaignId)).toBe(3);

    worker = await startHarness({ role: 'worker', database: api.database });
    expect(worker.services.engine).toBe(true);
    for (let i = 0; i < 300 && (await pending(api, campaignId)) > 0; i++) await sleep(100);
    expect(await pending(api, campaignId)).toBe(0);
    expect(await jobStates(api)).toEqual(['completed']);
    const leads = await api.call(
      'GET',
      `/api/linkedinAI/get_campaign_leads?id=${campaignId}&page=1&limit=10`,
      {
        token: user.accessToken,
      },
    );
    for (const lead of leads.json<{ result: { 'Your Communication': string }[] }>().result) {
      expect(lead['Your Communication']).not.toBe('Loading');
    }
  });
});
