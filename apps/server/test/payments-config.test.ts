import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, STRIPE_JS_DEFAULT_URL } from '../src/env';
import { createPayments, STRIPE_API_VERSION } from '../src/lib/clients/payments/create-payments';
import { needsPlatformSandbox } from '../src/lib/clients/publishing/publishing-clients';

const base = { JWT_SECRET: 'x'.repeat(32), VAULT_KEY: '0'.repeat(64), DATA_DIR: '/tmp/unused' };
const keys = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
};
const allApps = {
  META_APP_ID: '1',
  META_APP_SECRET: 's',
  LINKEDIN_CLIENT_ID: 'c',
  LINKEDIN_CLIENT_SECRET: 's',
};

describe('payments configuration', () => {
  it('without a secret key payments are the platform sandbox, which then has to run', () => {
    const config = loadConfig({ ...base, ...allApps });
    expect(config.stripe).toMatchObject({ sandbox: true, secretKey: null, jsUrl: null });
    expect(config.notices).toContain(
      'STRIPE_SECRET_KEY not set: payments go to the bundled platform sandbox (simulated)',
    );
    expect(needsPlatformSandbox(config)).toBe(true);
    expect(needsPlatformSandbox(loadConfig({ ...base, ...allApps, ...keys }))).toBe(false);
  });

  it('a secret key without the webhook secret or the publishable key refuses to start, saying why', () => {
    const { STRIPE_WEBHOOK_SECRET: _secret, ...noSecret } = keys;
    expect(() => loadConfig({ ...base, ...noSecret })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...noSecret })).toThrow(/STRIPE_WEBHOOK_SECRET is not/);
    const { STRIPE_PUBLISHABLE_KEY: _pk, ...noPublishable } = keys;
    expect(() => loadConfig({ ...base, ...noPublishable })).toThrow(/STRIPE_PUBLISHABLE_KEY is not/);
  });

  it('real Stripe: the pinned API version, Stripe.js from js.stripe.com unless told otherwise', async () => {
    const payments = createPayments(loadConfig({ ...base, ...keys }), null);
    expect(payments).toMatchObject({
      sandbox: false,
      publishableKey: 'pk_test_123',
      webhookSecret: 'whsec_123',
      scriptUrl: STRIPE_JS_DEFAULT_URL,
      sandboxApi: null,
    });
    expect(STRIPE_JS_DEFAULT_URL).toBe('https://js.stripe.com/endive/stripe.js');
    expect((await payments.stripe()).getApiField('version')).toBe(STRIPE_API_VERSION);
    expect((await payments.stripe()).getApiField('host')).toBe('api.stripe.com');
    const other = createPayments(
      loadConfig({ ...base, ...keys, STRIPE_JS_URL: 'https://stripe.example.com/v3/stripe.js' }),
      null,
    );
    expect(other.scriptUrl).toBe('https://stripe.example.com/v3/stripe.js');
  });

  it("sandbox: the SDK goes to the sandbox's address with its keys, and Stripe.js is its stand-in", async () => {
    const app = { secretKey: 'sk_test_sb', publishableKey: 'pk_test_sb', webhookSecret: 'whsec_sb' };
    const payments = createPayments(loadConfig({ ...base }), { url: 'http://127.0.0.1:4710', app });
    expect(payments).toMatchObject({
      sandbox: true,
      publishableKey: 'pk_test_sb',
      webhookSecret: 'whsec_sb',
      scriptUrl: 'http://127.0.0.1:4710/stripe/v3/stripe.js',
      // What the start's webhook registration posts to, without the SDK.
      sandboxApi: { url: 'http://127.0.0.1:4710', secretKey: 'sk_test_sb' },
    });
    // One client, made at the first call and shared by every call after.
    expect(await payments.stripe()).toBe(await payments.stripe());
    expect((await payments.stripe()).getApiField('host')).toBe('127.0.0.1');
    expect((await payments.stripe()).getApiField('port')).toBe(4710);
    expect((await payments.stripe()).getApiField('protocol')).toBe('http');
    expect(() => createPayments(loadConfig({ ...base }), null)).toThrow(/STRIPE_SECRET_KEY/);
  });
});
