import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BUILT_IN_MODEL, type ModelSource } from './lib/clients/ai/local-model/model-catalog';
import { googleAdsConfigOf } from './lib/clients/keyword-ideas/google-ads-config';
import { DEFAULT_GRAPH_VERSION } from './lib/clients/publishing/meta/graph-version';

/** Stripe.js as @stripe/stripe-js 10.2.1 loads it (release train 'endive'). */
export const STRIPE_JS_DEFAULT_URL = 'https://js.stripe.com/endive/stripe.js';

/**
 * What this process does: 'all' serves HTTP and works the queues and the outreach engine; 'api' serves HTTP
 * and only sends jobs; 'worker' works the queues and the engine and serves no HTTP.
 */
const PROCESS_ROLES = ['all', 'api', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/**
 * Every variable the server reads, with its check and its default: the one place each is named. The Config
 * the rest of the server receives is made from its output by configOf below, and its type is what configOf
 * returns, so a variable is written here and where it is used, never again in a hand-kept type.
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  APP_ORIGIN: z.string().optional(),
  TRUST_PROXY: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  EVENT_LOOP_STALL_MS: z.coerce.number().int().min(100).default(2_000),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  VAULT_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'VAULT_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Sales Assist <no-reply@localhost>'),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SAFE_FETCH_ALLOWLIST: z.string().default(''),
  WEB_DIST_DIR: z.string().optional(),
  SIGNUP_CREDITS: z.coerce.number().int().min(0).default(500),
  LINKEDIN_BASE_URL: z.url().optional(),
  LINKEDIN_SANDBOX: z.stringbool().default(false),
  LINKEDIN_MIN_SPACING_MS: z.coerce.number().int().min(0).optional(),
  LINKEDIN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15_000),
  META_APP_ID: z.string().optional(),
  META_APP_SECRET: z.string().optional(),
  META_GRAPH_VERSION: z
    .string()
    .regex(/^v\d{2,3}\.0$/, 'META_GRAPH_VERSION looks like v26.0')
    .default(DEFAULT_GRAPH_VERSION),
  META_GRAPH_BASE_URL: z.url().optional(),
  META_SDK_URL: z.url().optional(),
  META_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  LINKEDIN_API_VERSION: z
    .string()
    .regex(/^20\d{2}(0[1-9]|1[0-2])$/, 'LINKEDIN_API_VERSION looks like 202610 (YYYYMM)')
    .default('202610'),
  LINKEDIN_OAUTH_BASE_URL: z.url().optional(),
  LINKEDIN_API_BASE_URL: z.url().optional(),
  LINKEDIN_PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  WORDPRESS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  PLATFORM_SANDBOX_URL: z.url().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_JS_URL: z.url().optional(),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  LLM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  LLM_STREAM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(180_000),
  LOCAL_MODEL_PATH: z.string().optional(),
  LOCAL_MODEL_URL: z.url().optional(),
  LOCAL_MODEL_SHA256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "LOCAL_MODEL_SHA256 is the file's SHA-256 in 64 lowercase hex digits")
    .optional(),
  LOCAL_MODEL_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  LOCAL_MODEL_CONTEXT: z.coerce.number().int().min(512).max(131_072).default(8192),
  LOCAL_MODEL_IDLE_MS: z.coerce.number().int().min(1000).default(600_000),
  AI_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  AI_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).default(3),
  IMAGE_MODEL: z.string().optional(),
  IMAGE_BASE_URL: z.url().optional(),
  IMAGE_API_KEY: z.string().optional(),
  IMAGE_SIZE: z
    .string()
    .regex(/^\d{3,4}x\d{3,4}$/)
    .default('1024x1024'),
  IMAGE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  HUNTER_API_KEY: z.string().trim().min(1).optional(),
  HUNTER_BASE_URL: z.url().default('https://api.hunter.io'),
  HUNTER_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15_000),
  OUTREACH_DAY_SECONDS: z.coerce.number().positive().optional(),
  OUTREACH_SWEEP_SECONDS: z.coerce.number().positive().default(15),
  PROCESS_ROLE: z.enum(PROCESS_ROLES).default('all'),
  STORAGE_S3_BUCKET: z.string().optional(),
  STORAGE_S3_ENDPOINT: z.url().optional(),
  STORAGE_S3_REGION: z.string().default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().optional(),
  STORAGE_S3_FORCE_PATH_STYLE: z.stringbool().optional(),
  STORAGE_S3_PREFIX: z.string().default(''),
});

type Env = z.output<typeof ZEnv>;

export class ConfigError extends Error {}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** An S3-compatible service (MinIO, R2, …); unset: AWS S3 itself. */
      endpoint: string | null;
      region: string;
      /** Unset: the AWS SDK's own credential chain (environment, profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      forcePathStyle: boolean;
      /** Put in front of every key, so one bucket can serve several installs. */
      prefix: string;
    };

/**
 * Where the built-in model's file is: LOCAL_MODEL_PATH, else DATA_DIR/models under the file's own name (the
 * catalogue's, or the mirror's, so a mirror's file is never taken for the catalogue's model).
 */
const localModelPathOf = (env: Env, dataDir: string): string =>
  path.resolve(
    env.LOCAL_MODEL_PATH ??
      path.join(
        dataDir,
        'models',
        env.LOCAL_MODEL_URL ? path.basename(new URL(env.LOCAL_MODEL_URL).pathname) : BUILT_IN_MODEL.fileName,
      ),
  );

/** The catalogue's built-in model, or the mirror LOCAL_MODEL_URL names (checked against LOCAL_MODEL_SHA256). */
const localModelSourceOf = (env: Env): ModelSource =>
  env.LOCAL_MODEL_URL && env.LOCAL_MODEL_SHA256
    ? {
        name: path.basename(new URL(env.LOCAL_MODEL_URL).pathname),
        url: env.LOCAL_MODEL_URL,
        sha256: env.LOCAL_MODEL_SHA256,
        sizeBytes: null,
      }
    : {
        name: BUILT_IN_MODEL.name,
        url: BUILT_IN_MODEL.url,
        sha256: BUILT_IN_MODEL.sha256,
        sizeBytes: BUILT_IN_MODEL.sizeBytes,
      };

/** DATA_DIR/files by default; an S3-compatible bucket when STORAGE_S3_BUCKET is set. */
const storageConfigOf = (env: Env, dataDir: string): StorageConfig => {
  if (!env.STORAGE_S3_BUCKET) return { kind: 'local', dir: path.join(dataDir, 'files') };
  if (Boolean(env.STORAGE_S3_ACCESS_KEY_ID) !== Boolean(env.STORAGE_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY go together: set both or neither',
    );
  }
  const prefix = env.STORAGE_S3_PREFIX.replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(prefix)) {
    throw new ConfigError('STORAGE_S3_PREFIX may hold letters, digits, "/", "_", "." and "-" only');
  }
  return {
    kind: 's3',
    bucket: env.STORAGE_S3_BUCKET,
    endpoint: env.STORAGE_S3_ENDPOINT ?? null,
    region: env.STORAGE_S3_REGION,
    credentials:
      env.STORAGE_S3_ACCESS_KEY_ID && env.STORAGE_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY }
        : null,
    // MinIO and most self-hosted services answer only path-style addresses (endpoint/bucket/key).
    forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE ?? Boolean(env.STORAGE_S3_ENDPOINT),
    prefix,
  };
};

const isLinkedInHost = (url: string): boolean => {
  const host = new URL(url).hostname.toLowerCase();
  return host === 'linkedin.com' || host.endsWith('.linkedin.com');
};

/** Reads a secret kept in DATA_DIR, creating it once when missing (embedded, non-production installs). */
const keptSecret = (dataDir: string, file: string, make: () => string): string => {
  const full = path.join(dataDir, file);
  if (existsSync(full)) return readFileSync(full, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = make();
  writeFileSync(full, value, { mode: 0o600 });
  return value;
};

/**
 * The server's Config made from the checked variables: the checks that span several variables, the secrets
 * kept in DATA_DIR outside production, and the lines to log at start. `source` is read again only for the
 * GOOGLE_ADS_* variables, which their own module checks.
 */
const configOf = (env: Env, source: Record<string, string | undefined>) => {
  const notices: string[] = [];
  const dataDir = path.resolve(env.DATA_DIR);
  const production = env.NODE_ENV === 'production';

  const secret = (name: 'JWT_SECRET' | 'VAULT_KEY', file: string): string => {
    const given = env[name];
    if (given) return given;
    if (production) throw new ConfigError(`${name} is required when NODE_ENV=production`);
    notices.push(`${name} not set: using the one kept in ${path.join(dataDir, file)}`);
    return keptSecret(dataDir, file, () => randomBytes(32).toString('hex'));
  };
  const jwtSecret = secret('JWT_SECRET', 'jwt-secret');
  const vaultKey = Buffer.from(secret('VAULT_KEY', 'vault-key'), 'hex');

  const recaptcha = env.RECAPTCHA_SECRET
    ? {
        secret: env.RECAPTCHA_SECRET,
        siteKey: env.RECAPTCHA_SITE_KEY ?? null,
        verifyUrl: env.RECAPTCHA_VERIFY_URL,
        minScore: env.RECAPTCHA_MIN_SCORE,
      }
    : null;
  if (!recaptcha) notices.push('RECAPTCHA_SECRET not set: reCAPTCHA checks are off');
  if (!env.LINKEDIN_BASE_URL)
    notices.push('LINKEDIN_BASE_URL not set: LinkedIn is the bundled sandbox (simulated)');
  if (!env.SMTP_URL) notices.push(`SMTP_URL not set: mail is written to ${path.join(dataDir, 'outbox')}`);

  if (!env.LLM_BASE_URL) {
    // The built-in model serves while its file is there (read again at each use, so a download while the
    // server runs turns it on); this line says what serves at start.
    const modelFile = localModelPathOf(env, dataDir);
    notices.push(
      existsSync(modelFile)
        ? `LLM_BASE_URL not set: campaign messages, content and the chat use the built-in model at ${modelFile}`
        : `LLM_BASE_URL not set and no built-in model at ${modelFile}: campaign messages and content come from the offline writers (get the model with npm run model:pull or from the admin area)`,
    );
  }
  if (Boolean(env.LOCAL_MODEL_URL) !== Boolean(env.LOCAL_MODEL_SHA256))
    throw new ConfigError(
      'LOCAL_MODEL_URL and LOCAL_MODEL_SHA256 go together: a mirror is checked against its hash',
    );
  // The image model speaks to the LLM's endpoint with its key unless told otherwise; it is on only when
  // IMAGE_MODEL names a model (many chat endpoints, such as Ollama, have no images API).
  const imagesBaseUrl = env.IMAGE_BASE_URL ?? env.LLM_BASE_URL;
  if (env.IMAGE_MODEL && !imagesBaseUrl)
    throw new ConfigError('IMAGE_MODEL is set but there is no endpoint: set IMAGE_BASE_URL or LLM_BASE_URL');
  const imagesConfig =
    env.IMAGE_MODEL && imagesBaseUrl
      ? {
          baseUrl: imagesBaseUrl,
          apiKey: env.IMAGE_API_KEY ?? env.LLM_API_KEY ?? 'none',
          model: env.IMAGE_MODEL,
          size: env.IMAGE_SIZE,
          timeoutMs: env.IMAGE_TIMEOUT_MS,
        }
      : null;
  // An explicit setting, not a probe of the address: nothing LinkedIn answers can turn compressed days on.
  const sandbox = !env.LINKEDIN_BASE_URL || env.LINKEDIN_SANDBOX;
  if (env.LINKEDIN_SANDBOX && env.LINKEDIN_BASE_URL && isLinkedInHost(env.LINKEDIN_BASE_URL)) {
    throw new ConfigError('LINKEDIN_SANDBOX=true names a sandbox, but LINKEDIN_BASE_URL is LinkedIn itself');
  }
  if (env.LINKEDIN_SANDBOX && env.LINKEDIN_BASE_URL)
    notices.push(`LinkedIn is a sandbox started on its own at ${env.LINKEDIN_BASE_URL}`);
  if (env.OUTREACH_DAY_SECONDS && !sandbox) {
    throw new ConfigError(
      'OUTREACH_DAY_SECONDS is for a LinkedIn sandbox only: unset it, or LINKEDIN_BASE_URL, or set LINKEDIN_SANDBOX=true for a sandbox at that address',
    );
  }

  if (env.PROCESS_ROLE !== 'all') {
    // The embedded database belongs to one process, and so does the bundled sandbox's simulated world:
    // processes of different roles must share both through servers of their own.
    if (!env.DATABASE_URL) {
      throw new ConfigError(
        `PROCESS_ROLE=${env.PROCESS_ROLE} needs DATABASE_URL: the embedded database serves one process only, so API and worker processes must share a PostgreSQL server`,
      );
    }
    if (!env.LINKEDIN_BASE_URL) {
      throw new ConfigError(
        `PROCESS_ROLE=${env.PROCESS_ROLE} needs LINKEDIN_BASE_URL: the bundled sandbox lives inside one process, so start one for all (npm -w @sales-assist/linkedin-sandbox start) and point every process at it`,
      );
    }
  }

  if (Boolean(env.META_APP_ID) !== Boolean(env.META_APP_SECRET)) {
    throw new ConfigError('META_APP_ID and META_APP_SECRET go together: set both or neither');
  }
  const metaSandbox = !env.META_APP_ID;
  if (metaSandbox)
    notices.push('META_APP_ID not set: Facebook and Instagram are the bundled platform sandbox (simulated)');

  if (Boolean(env.LINKEDIN_CLIENT_ID) !== Boolean(env.LINKEDIN_CLIENT_SECRET)) {
    throw new ConfigError('LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET go together: set both or neither');
  }
  const linkedinPublishingSandbox = !env.LINKEDIN_CLIENT_ID;
  if (linkedinPublishingSandbox)
    notices.push(
      'LINKEDIN_CLIENT_ID not set: publishing to LinkedIn is the bundled platform sandbox (simulated)',
    );

  const stripeSandbox = !env.STRIPE_SECRET_KEY;
  if (env.STRIPE_SECRET_KEY) {
    // Fulfilment comes only from signed webhooks: a key without the secret would take payments that are
    // never fulfilled, and Checkout cannot be shown without the publishable key.
    if (!env.STRIPE_WEBHOOK_SECRET)
      throw new ConfigError(
        'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: purchases are fulfilled only by verified webhooks, so add the signing secret (whsec_…) of the endpoint APP_ORIGIN/api/stripe/webhook',
      );
    if (!env.STRIPE_PUBLISHABLE_KEY)
      throw new ConfigError(
        'STRIPE_SECRET_KEY is set but STRIPE_PUBLISHABLE_KEY is not: the embedded Checkout needs it (pk_…)',
      );
  } else {
    notices.push('STRIPE_SECRET_KEY not set: payments go to the bundled platform sandbox (simulated)');
  }

  // A sandbox's tokens, accounts and posts live in the process that runs it: processes of several roles
  // would each see a world of their own (a worker could not publish with a token the API process got).
  if (
    env.PROCESS_ROLE !== 'all' &&
    (metaSandbox || linkedinPublishingSandbox || stripeSandbox) &&
    !env.PLATFORM_SANDBOX_URL
  ) {
    throw new ConfigError(
      `PROCESS_ROLE=${env.PROCESS_ROLE} needs PLATFORM_SANDBOX_URL (or META_APP_ID, LINKEDIN_CLIENT_ID and STRIPE_SECRET_KEY): the bundled platform sandbox lives inside one process, so start one for all (SANDBOX_DATA_DIR=./platform-sandbox npm -w @sales-assist/platform-sandbox start) and point every process at it`,
    );
  }
  if (env.PLATFORM_SANDBOX_URL)
    notices.push(`The platforms without credentials are the platform sandbox at ${env.PLATFORM_SANDBOX_URL}`);

  const storage = storageConfigOf(env, dataDir);
  if (storage.kind === 'local' && env.PROCESS_ROLE !== 'all')
    notices.push(
      `STORAGE_S3_BUCKET not set: files are kept in ${storage.dir}, which every process must share (or set a bucket)`,
    );

  const googleAds = googleAdsConfigOf(source);
  if (!googleAds.ok) throw new ConfigError(`Invalid configuration:\n  ${googleAds.problems.join('\n  ')}`);
  if (!googleAds.config)
    notices.push(
      'GOOGLE_ADS_* not set: keyword ideas come without search volume, cost per click or competition',
    );

  if (!env.HUNTER_API_KEY)
    notices.push('HUNTER_API_KEY not set: Find Email says what to set up instead of looking e-mails up');

  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither');
  }

  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    appOrigin: env.APP_ORIGIN ?? `http://localhost:${env.PORT}`,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    /** An event-loop stall this long is logged and turns /api/health to 503 for a minute (lib/core/faults). */
    eventLoopStallMs: env.EVENT_LOOP_STALL_MS,
    jwtSecret,
    vaultKey,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    recaptcha,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : null,
    /** host:port pairs that may be fetched even though they resolve to non-public addresses (tests only). */
    safeFetchAllowlist: env.SAFE_FETCH_ALLOWLIST.split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    /** Credits every new account receives once its e-mail address is verified. */
    signupCredits: env.SIGNUP_CREDITS,
    linkedin: {
      /** Null: the bundled LinkedIn sandbox is started in-process and used instead of linkedin.com. */
      baseUrl: env.LINKEDIN_BASE_URL ?? null,
      /**
       * LinkedIn is a sandbox: the bundled one (no base URL), or one started on its own at the base URL
       * (LINKEDIN_SANDBOX=true), e.g. shared by several processes.
       */
      sandbox,
      /**
       * The least time between two LinkedIn calls of one session. A person clicks through LinkedIn at a
       * few seconds a page; the sandbox needs no such care.
       */
      minSpacingMs: env.LINKEDIN_MIN_SPACING_MS ?? (sandbox ? 300 : 3000),
      timeoutMs: env.LINKEDIN_TIMEOUT_MS,
    },
    /**
     * Facebook pages and Instagram business accounts (Graph API and the Facebook JS SDK). Without
     * META_APP_ID and META_APP_SECRET the bundled platform sandbox stands in for Meta (graphBaseUrl and
     * sdkUrl null: the sandbox's own); each URL can be overridden, e.g. to a sandbox started on its own.
     */
    meta: {
      sandbox: metaSandbox,
      appId: env.META_APP_ID ?? null,
      /** Signs every Graph call (appsecret_proof) and exchanges login tokens for long-lived ones. */
      appSecret: env.META_APP_SECRET ?? null,
      graphVersion: env.META_GRAPH_VERSION,
      /** e.g. https://graph.facebook.com; null: the bundled sandbox's /graph. */
      graphBaseUrl: env.META_GRAPH_BASE_URL ?? (metaSandbox ? null : 'https://graph.facebook.com'),
      /** e.g. https://connect.facebook.net/en_US/sdk.js; null: the bundled sandbox's /sdk.js. */
      sdkUrl: env.META_SDK_URL ?? (metaSandbox ? null : 'https://connect.facebook.net/en_US/sdk.js'),
      timeoutMs: env.META_TIMEOUT_MS,
    },
    /**
     * Publishing to members' LinkedIn feeds (OAuth 3-legged, Posts API). Without LINKEDIN_CLIENT_ID and
     * LINKEDIN_CLIENT_SECRET the bundled platform sandbox stands in (oauthBaseUrl and apiBaseUrl null: the
     * sandbox's /linkedin); each URL can be overridden, e.g. to a sandbox started on its own.
     */
    linkedinPublishing: {
      sandbox: linkedinPublishingSandbox,
      clientId: env.LINKEDIN_CLIENT_ID ?? null,
      clientSecret: env.LINKEDIN_CLIENT_SECRET ?? null,
      /** LinkedIn-Version header (YYYYMM); LinkedIn supports each version about a year, then answers 426. */
      apiVersion: env.LINKEDIN_API_VERSION,
      /** e.g. https://www.linkedin.com; null: the bundled sandbox's /linkedin. */
      oauthBaseUrl:
        env.LINKEDIN_OAUTH_BASE_URL ?? (linkedinPublishingSandbox ? null : 'https://www.linkedin.com'),
      /** e.g. https://api.linkedin.com; null: the bundled sandbox's /linkedin. */
      apiBaseUrl:
        env.LINKEDIN_API_BASE_URL ?? (linkedinPublishingSandbox ? null : 'https://api.linkedin.com'),
      timeoutMs: env.LINKEDIN_PUBLISH_TIMEOUT_MS,
    },
    /** Calls to users' WordPress sites (always through the SSRF-safe fetch). */
    wordpress: { timeoutMs: env.WORDPRESS_TIMEOUT_MS },
    /**
     * A platform sandbox started on its own, which every process uses (and reads the apps' credentials
     * from) instead of starting one in-process; null: the bundled one starts when a platform needs it.
     */
    platformSandboxUrl: env.PLATFORM_SANDBOX_URL?.replace(/\/+$/, '') ?? null,
    /**
     * Payments (lib/clients/payments). With STRIPE_SECRET_KEY: real Stripe, and the publishable key and the webhook
     * signing secret are required with it. Without: the platform sandbox stands in for Stripe's API, its
     * checkout page and its signed webhooks (keys and secret are the sandbox's).
     */
    stripe: {
      sandbox: stripeSandbox,
      secretKey: env.STRIPE_SECRET_KEY ?? null,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
      /**
       * Stripe.js as the web app loads it; null: the sandbox's stand-in. Where @stripe/stripe-js 10.2.1
       * loads it from (its release train matches the API version).
       */
      jsUrl: env.STRIPE_JS_URL ?? (stripeSandbox ? null : STRIPE_JS_DEFAULT_URL),
      timeoutMs: env.STRIPE_TIMEOUT_MS,
    },
    /**
     * An OpenAI-compatible endpoint that writes campaign messages and content; null: the offline writers do.
     * `timeoutMs`: one answer, or a stream's first chunk; `idleTimeoutMs`: the longest silence between a
     * stream's chunks; `streamTimeoutMs`: a whole stream.
     */
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: env.LLM_BASE_URL,
          // Local servers (Ollama, llama.cpp) take any key; the SDK needs one to be set.
          apiKey: env.LLM_API_KEY ?? 'none',
          model: env.LLM_MODEL,
          timeoutMs: env.LLM_TIMEOUT_MS,
          idleTimeoutMs: env.LLM_IDLE_TIMEOUT_MS,
          streamTimeoutMs: env.LLM_STREAM_TIMEOUT_MS,
        }
      : null,
    /**
     * An OpenAI-compatible images endpoint (POST /images/generations) for social post pictures; null: no
     * image model (pictures come from the themes and the user's uploads). On when IMAGE_MODEL is set.
     */
    images: imagesConfig,
    /**
     * The built-in model (lib/clients/ai/local-model): used when its file is at `path` and LLM_BASE_URL is
     * not set. `source`: where `npm run model:pull` and the admin area fetch it from. `threads`: null lets
     * the runtime choose; `idleUnloadMs`: how long a loaded model may sit unused before its memory is freed.
     */
    localModel: {
      path: localModelPathOf(env, dataDir),
      source: localModelSourceOf(env),
      threads: env.LOCAL_MODEL_THREADS ?? null,
      contextSize: env.LOCAL_MODEL_CONTEXT,
      idleUnloadMs: env.LOCAL_MODEL_IDLE_MS,
    },
    /** Each account's budget of model-backed requests (docs/decisions/content-writing.md, "Model budget"). */
    aiBudget: {
      requestsPerMinute: env.AI_REQUESTS_PER_MINUTE,
      concurrentRequests: env.AI_CONCURRENT_REQUESTS,
    },
    /**
     * The Google Ads API keyword ideas service (keyword metrics); null: none, and keyword ideas carry no
     * metrics.
     */
    googleAds: googleAds.config,
    /**
     * Hunter's Email Finder and Email Verifier (Find Email on the all-leads page); null: no e-mail finder,
     * and Find Email says what to set up. The key is a secret: never logged or answered.
     */
    emailFinder: env.HUNTER_API_KEY
      ? {
          provider: 'hunter' as const,
          apiKey: env.HUNTER_API_KEY,
          baseUrl: env.HUNTER_BASE_URL.replace(/\/+$/, ''),
          timeoutMs: env.HUNTER_TIMEOUT_MS,
        }
      : null,
    outreach: {
      /**
       * Sandbox and tests only: the length of one campaign day in seconds (a 42-day plan then runs in
       * minutes); working hours and weekends are not applied to compressed days. Null: real days.
       */
      daySeconds: env.OUTREACH_DAY_SECONDS ?? null,
      /** How often each worker process looks for due steps. */
      sweepMs: Math.round(env.OUTREACH_SWEEP_SECONDS * 1000),
    },
    /** What this process does (ProcessRole). */
    role: env.PROCESS_ROLE,
    /** Where uploads and rendered images are kept (lib/clients/storage). */
    storage,
    /** Lines to log once at start (what is off, what was generated). */
    notices,
  };
};

/** The server's configuration, as configOf makes it from the checked variables. */
export type Config = ReturnType<typeof configOf>;

/** The only reader of process.env: everything else receives the typed Config. */
export const loadConfig = (source: Record<string, string | undefined> = process.env): Config => {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return configOf(parsed.data, source);
};
