import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, STRIPE_JS_DEFAULT_URL } from '../src/env';
import { BUILT_IN_MODEL } from '../src/lib/clients/ai/local-model/model-catalog';

/**
 * The Config's type is what env.ts's mapping returns, so no hand-kept type pins where each variable lands:
 * these tests do. A variable read into the wrong field, a default lost, or a derived value (one made from
 * several variables) changed fails here.
 */
const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-config-map-'));
const secrets = { JWT_SECRET: 'j'.repeat(40), VAULT_KEY: 'ab'.repeat(32) };
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...secrets, ...env });

describe('the configuration made from the environment', () => {
  it('holds every default when only the data directory and the secrets are given', () => {
    const { notices, ...config } = load({});
    expect(config).toEqual({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: undefined,
      appOrigin: 'http://localhost:3000',
      trustProxy: false,
      logLevel: 'info',
      eventLoopStallMs: 2000,
      jwtSecret: secrets.JWT_SECRET,
      vaultKey: Buffer.from(secrets.VAULT_KEY, 'hex'),
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      smtpUrl: undefined,
      mailFrom: 'Sales Assist <no-reply@localhost>',
      recaptcha: null,
      admin: null,
      safeFetchAllowlist: [],
      webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
      signupCredits: 500,
      linkedin: { baseUrl: null, sandbox: true, minSpacingMs: 300, timeoutMs: 15_000 },
      meta: {
        sandbox: true,
        appId: null,
        appSecret: null,
        graphVersion: 'v26.0',
        graphBaseUrl: null,
        sdkUrl: null,
        timeoutMs: 20_000,
      },
      linkedinPublishing: {
        sandbox: true,
        clientId: null,
        clientSecret: null,
        apiVersion: '202610',
        oauthBaseUrl: null,
        apiBaseUrl: null,
        timeoutMs: 20_000,
      },
      wordpress: { timeoutMs: 20_000 },
      platformSandboxUrl: null,
      stripe: {
        sandbox: true,
        secretKey: null,
        publishableKey: null,
        webhookSecret: null,
        jsUrl: null,
        timeoutMs: 20_000,
      },
      llm: null,
      images: null,
      localModel: {
        path: path.join(dataDir, 'models', BUILT_IN_MODEL.fileName),
        source: {
          name: BUILT_IN_MODEL.name,
          url: BUILT_IN_MODEL.url,
          sha256: BUILT_IN_MODEL.sha256,
          sizeBytes: BUILT_IN_MODEL.sizeBytes,
        },
        threads: null,
        contextSize: 8192,
        idleUnloadMs: 600_000,
      },
      aiBudget: { requestsPerMinute: 30, concurrentRequests: 3 },
      emailFinder: null,
      googleAds: null,
      outreach: { daySeconds: null, sweepMs: 15_000 },
      role: 'all',
      storage: { kind: 'local', dir: path.join(dataDir, 'files') },
    });
    expect(notices).toEqual([
      'RECAPTCHA_SECRET not set: reCAPTCHA checks are off',
      'LINKEDIN_BASE_URL not set: LinkedIn is the bundled sandbox (simulated)',
      `SMTP_URL not set: mail is written to ${path.join(dataDir, 'outbox')}`,
      `LLM_BASE_URL not set and no built-in model at ${path.join(dataDir, 'models', BUILT_IN_MODEL.fileName)}: campaign messages and content come from the offline writers (get the model with npm run model:pull or from the admin area)`,
      'META_APP_ID not set: Facebook and Instagram are the bundled platform sandbox (simulated)',
      'LINKEDIN_CLIENT_ID not set: publishing to LinkedIn is the bundled platform sandbox (simulated)',
      'STRIPE_SECRET_KEY not set: payments go to the bundled platform sandbox (simulated)',
      'GOOGLE_ADS_* not set: keyword ideas come without search volume, cost per click or competition',
      'HUNTER_API_KEY not set: Find Email says what to set up instead of looking e-mails up',
    ]);
  });

  it('puts each given value in its field', () => {
    const config = load({
      NODE_ENV: 'test',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://db.example/app',
      APP_ORIGIN: 'https://app.example',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'debug',
      EVENT_LOOP_STALL_MS: '500',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      REFRESH_TOKEN_TTL_DAYS: '2',
      SMTP_URL: 'smtp://mail.example',
      MAIL_FROM: 'Team <team@example.com>',
      RECAPTCHA_SECRET: 'captcha-secret',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_MIN_SCORE: '0.7',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-password',
      WEB_DIST_DIR: '/srv/web',
      SIGNUP_CREDITS: '7',
      LINKEDIN_BASE_URL: 'https://www.linkedin.com',
      LINKEDIN_TIMEOUT_MS: '2000',
      META_APP_ID: 'meta-app',
      META_APP_SECRET: 'meta-secret',
      META_GRAPH_VERSION: 'v25.0',
      META_TIMEOUT_MS: '3000',
      LINKEDIN_CLIENT_ID: 'li-client',
      LINKEDIN_CLIENT_SECRET: 'li-secret',
      LINKEDIN_API_VERSION: '202512',
      LINKEDIN_PUBLISH_TIMEOUT_MS: '4000',
      WORDPRESS_TIMEOUT_MS: '5000',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_TIMEOUT_MS: '6000',
      LLM_BASE_URL: 'http://llm.example/v1',
      LLM_API_KEY: 'llm-key',
      LLM_MODEL: 'model-x',
      LLM_TIMEOUT_MS: '7000',
      LLM_IDLE_TIMEOUT_MS: '800',
      LLM_STREAM_TIMEOUT_MS: '9000',
      AI_REQUESTS_PER_MINUTE: '5',
      AI_CONCURRENT_REQUESTS: '2',
      IMAGE_MODEL: 'image-x',
      IMAGE_BASE_URL: 'http://images.example/v1',
      IMAGE_API_KEY: 'image-key',
      IMAGE_SIZE: '512x512',
      IMAGE_TIMEOUT_MS: '10000',
      OUTREACH_SWEEP_SECONDS: '2',
      HUNTER_API_KEY: 'hunter-key',
      HUNTER_BASE_URL: 'http://hunter.example/',
      HUNTER_TIMEOUT_MS: '5000',
    });
    expect(config.emailFinder).toEqual({
      provider: 'hunter',
      apiKey: 'hunter-key',
      baseUrl: 'http://hunter.example',
      timeoutMs: 5000,
    });
    expect(config).toMatchObject({
      nodeEnv: 'test',
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://db.example/app',
      appOrigin: 'https://app.example',
      trustProxy: true,
      logLevel: 'debug',
      eventLoopStallMs: 500,
      accessTokenTtlSeconds: 60,
      refreshTokenTtlDays: 2,
      smtpUrl: 'smtp://mail.example',
      mailFrom: 'Team <team@example.com>',
      recaptcha: {
        secret: 'captcha-secret',
        siteKey: 'site-key',
        verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
        minScore: 0.7,
      },
      admin: { email: 'admin@example.com', password: 'admin-password' },
      webDistDir: '/srv/web',
      signupCredits: 7,
      linkedin: { baseUrl: 'https://www.linkedin.com', sandbox: false, minSpacingMs: 3000, timeoutMs: 2000 },
      meta: {
        sandbox: false,
        appId: 'meta-app',
        appSecret: 'meta-secret',
        graphVersion: 'v25.0',
        graphBaseUrl: 'https://graph.facebook.com',
        sdkUrl: 'https://connect.facebook.net/en_US/sdk.js',
        timeoutMs: 3000,
      },
      linkedinPublishing: {
        sandbox: false,
        clientId: 'li-client',
        clientSecret: 'li-secret',
        apiVersion: '202512',
        oauthBaseUrl: 'https://www.linkedin.com',
        apiBaseUrl: 'https://api.linkedin.com',
        timeoutMs: 4000,
      },
      wordpress: { timeoutMs: 5000 },
      stripe: {
        sandbox: false,
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        webhookSecret: 'whsec_x',
        jsUrl: STRIPE_JS_DEFAULT_URL,
        timeoutMs: 6000,
      },
      llm: {
        baseUrl: 'http://llm.example/v1',
        apiKey: 'llm-key',
        model: 'model-x',
        timeoutMs: 7000,
        idleTimeoutMs: 800,
        streamTimeoutMs: 9000,
      },
      images: {
        baseUrl: 'http://images.example/v1',
        apiKey: 'image-key',
        model: 'image-x',
        size: '512x512',
        timeoutMs: 10_000,
      },
      aiBudget: { requestsPerMinute: 5, concurrentRequests: 2 },
      outreach: { daySeconds: null, sweepMs: 2000 },
    });
  });

  it('derives the values made from several variables, or from a variable reshaped', () => {
    const derived = load({
      PORT: '4100',
      SAFE_FETCH_ALLOWLIST: ' Site.Example:8080, ,127.0.0.1:9000 ',
      PLATFORM_SANDBOX_URL: 'http://127.0.0.1:4710//',
      LLM_BASE_URL: 'http://llm.example/v1',
      IMAGE_MODEL: 'image-x',
      OUTREACH_SWEEP_SECONDS: '0.0015',
      DATABASE_URL: '',
      SMTP_URL: '',
    });
    expect(derived.appOrigin).toBe('http://localhost:4100');
    expect(derived.safeFetchAllowlist).toEqual(['site.example:8080', '127.0.0.1:9000']);
    expect(derived.platformSandboxUrl).toBe('http://127.0.0.1:4710');
    // Without keys of their own, the pictures go to the model's endpoint; a local endpoint takes any key.
    expect(derived.llm?.apiKey).toBe('none');
    expect(derived.images).toMatchObject({
      baseUrl: 'http://llm.example/v1',
      apiKey: 'none',
      size: '1024x1024',
    });
    expect(derived.outreach.sweepMs).toBe(2);
    // An empty variable is no setting at all.
    expect(derived.databaseUrl).toBeUndefined();
    expect(derived.smtpUrl).toBeUndefined();

    const imagesOnLlmKey = load({
      LLM_BASE_URL: 'http://llm.example/v1',
      LLM_API_KEY: 'k',
      IMAGE_MODEL: 'i',
    });
    expect(imagesOnLlmKey.images?.apiKey).toBe('k');

    // A URL given wins over the sandbox's null and over the real platform's address.
    const overridden = load({
      META_GRAPH_BASE_URL: 'http://127.0.0.1:4710/graph',
      LINKEDIN_OAUTH_BASE_URL: 'http://127.0.0.1:4710/linkedin',
      STRIPE_JS_URL: 'http://127.0.0.1:4710/stripe.js',
    });
    expect(overridden.meta).toMatchObject({ sandbox: true, graphBaseUrl: 'http://127.0.0.1:4710/graph' });
    expect(overridden.linkedinPublishing.oauthBaseUrl).toBe('http://127.0.0.1:4710/linkedin');
    expect(overridden.stripe).toMatchObject({ sandbox: true, jsUrl: 'http://127.0.0.1:4710/stripe.js' });

    expect(
      load({ LINKEDIN_BASE_URL: 'https://www.linkedin.com', LINKEDIN_MIN_SPACING_MS: '0' }).linkedin,
    ).toEqual({
      baseUrl: 'https://www.linkedin.com',
      sandbox: false,
      minSpacingMs: 0,
      timeoutMs: 15_000,
    });
  });

  it('reads the built-in model from LOCAL_MODEL_*, and says at start what writes', async () => {
    const file = path.join(dataDir, 'elsewhere', 'my-model.gguf');
    const sha256 = 'ab'.repeat(32);
    const { localModel, notices } = load({
      LOCAL_MODEL_PATH: file,
      LOCAL_MODEL_URL: 'https://mirror.example/models/my-model.gguf?download=1',
      LOCAL_MODEL_SHA256: sha256,
      LOCAL_MODEL_THREADS: '3',
      LOCAL_MODEL_CONTEXT: '4096',
      LOCAL_MODEL_IDLE_MS: '5000',
    });
    expect(localModel).toEqual({
      path: file,
      source: {
        name: 'my-model.gguf',
        url: 'https://mirror.example/models/my-model.gguf?download=1',
        sha256,
        sizeBytes: null,
      },
      threads: 3,
      contextSize: 4096,
      idleUnloadMs: 5000,
    });
    expect(notices).toContain(
      `LLM_BASE_URL not set and no built-in model at ${file}: campaign messages and content come from the offline writers (get the model with npm run model:pull or from the admin area)`,
    );

    // A mirror is checked against its hash: one without the other is refused, as are bad values.
    expect(() => load({ LOCAL_MODEL_URL: 'https://mirror.example/m.gguf' })).toThrow(/go together/);
    expect(() => load({ LOCAL_MODEL_SHA256: sha256 })).toThrow(/go together/);
    expect(() =>
      load({ LOCAL_MODEL_URL: 'https://mirror.example/m.gguf', LOCAL_MODEL_SHA256: 'AB' }),
    ).toThrow(/64 lowercase hex digits/);
    expect(() => load({ LOCAL_MODEL_THREADS: '0' })).toThrow(ConfigError);
    expect(() => load({ LOCAL_MODEL_CONTEXT: '256' })).toThrow(ConfigError);

    // With the file in place, the start-up line names the built-in model instead of the offline writers.
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'GGUF');
    expect(load({ LOCAL_MODEL_PATH: file }).notices).toContain(
      `LLM_BASE_URL not set: campaign messages, content and the chat use the built-in model at ${file}`,
    );
    // An endpoint wins: nothing is said about the built-in model.
    expect(
      load({ LOCAL_MODEL_PATH: file, LLM_BASE_URL: 'http://llm.example/v1' }).notices.join('\n'),
    ).not.toContain('built-in model');
  });
});
