import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { type App, buildApp, createLogger } from '../../src/app';
import type { AppDeps } from '../../src/app-deps';
import type { Database } from '../../src/db/open-database';
import { type Config, loadConfig, type ProcessRole } from '../../src/env';
import type { UnlistedAnswer } from '../../src/http/answer-statuses';
import type { Mail } from '../../src/lib/clients/mailer';
import { type Services, startServices } from '../../src/start-services';
import { openTestDatabase } from './test-database';

export type Harness = {
  app: App;
  deps: AppDeps;
  config: Config;
  database: Database;
  /** The LinkedIn sandbox (tests run without LINKEDIN_BASE_URL) and the job queue. */
  services: Services;
  /** Calls the API in-process; `token` goes as bearer. */
  call: (
    method: InjectOptions['method'],
    url: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string },
  ) => Promise<LightMyRequestResponse>;
  /** Mails written to the outbox, oldest first. */
  mails: (to?: string) => Promise<Mail[]>;
  /** The 6-digit code of the newest mail to `to`. */
  latestCode: (to: string) => Promise<string>;
  /**
   * Every answer so far whose status its route's response schema, and so the OpenAPI document, does not
   * list ("POST /api/x → 418 {…}"): the statuses the document must list (test/openapi-statuses.test.ts).
   */
  unlistedAnswers: () => string[];
  /** Every route the app registered, as Fastify was given it (method, url, schema). */
  routes: () => RouteOptions[];
  close: () => Promise<void>;
};

export const startHarness = async (
  options: {
    env?: Record<string, string>;
    deps?: Partial<Omit<AppDeps, 'config' | 'db'>>;
    /** Receives every log line (the app's and the mailer's), for tests that read the log. */
    logSink?: (line: string) => void;
    /** false: no outreach sweep or runner in the background (engine tests run the runner themselves). */
    engine?: boolean;
    /** The LinkedIn sandbox's clock, to share a test's clock with it. */
    sandboxNow?: () => Date;
    /** The process role of the services (an API-only or a worker process); 'all' by default. */
    role?: ProcessRole;
    /** Another harness's database, shared as several processes share one server (not closed here). */
    database?: Database;
  } = {},
): Promise<Harness> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    VAULT_KEY: '0'.repeat(64),
    LINKEDIN_MIN_SPACING_MS: '0',
    // CI runs the suite a second time with DATABASE_URL set: the one place tests read the environment.
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase(config.databaseUrl));
  const logger = options.logSink
    ? createLogger('trace', { write: (line: string) => options.logSink?.(line) })
    : createLogger('silent');
  const services = await startServices(config, database, logger, {
    overrides: options.deps,
    jobPollingSeconds: 0.5,
    ...(options.engine === false ? { engine: false } : {}),
    ...(options.sandboxNow ? { sandboxNow: options.sandboxNow } : {}),
    ...(options.role ? { role: options.role } : {}),
  });
  const { deps } = services;
  const unlisted: UnlistedAnswer[] = [];
  const routes: RouteOptions[] = [];
  const app = await buildApp(deps, logger, {
    onUnlistedAnswer: (answer) => unlisted.push(answer),
    onRoute: (route) => routes.push(route),
  });
  await app.ready();
  const outbox = path.join(dataDir, 'outbox');

  const mails = async (to?: string): Promise<Mail[]> => {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort();
    const all = await Promise.all(
      files.map(async (file) => JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as Mail),
    );
    return to ? all.filter((mail) => mail.to === to) : all;
  };

  return {
    app,
    deps,
    config,
    database,
    services,
    call: (method, url, { body, token, headers = {}, ip } = {}) =>
      app.inject({
        method,
        url,
        payload: body as InjectOptions['payload'],
        remoteAddress: ip,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    mails,
    latestCode: async (to) => {
      const mail = (await mails(to)).at(-1);
      const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
    unlistedAnswers: () =>
      unlisted.map((answer) => `${answer.method} ${answer.route} → ${answer.status} ${answer.body}`),
    routes: () => [...routes],
    close: async () => {
      await app.close();
      await services.stop();
      if (!options.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
