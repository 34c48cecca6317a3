import path from 'node:path';
import type { AppDeps } from './app-deps';
import type { Db } from './db/open-database';
import type { Config } from './env';
import { createCallerCache } from './http/caller-cache';
import type { JobQueue } from './jobs/job-queue';
import { createImageModel } from './lib/clients/ai/image-client';
import { createLocalModel } from './lib/clients/ai/local-model/create-local-model';
import { createHunterEmailFinder } from './lib/clients/email-finder/hunter';
import { createGoogleAdsKeywordIdeas } from './lib/clients/keyword-ideas/google-ads-keyword-ideas';
import { createLinkedInGateway } from './lib/clients/linkedin-gateway';
import { type Mailer, outboxMailer, smtpMailer } from './lib/clients/mailer';
import { createPayments } from './lib/clients/payments/create-payments';
import {
  createPublishingClients,
  type PlatformSandboxEndpoint,
} from './lib/clients/publishing/publishing-clients';
import { createStorage } from './lib/clients/storage';
import { type Clock, systemClock } from './lib/core/clock';
import { systemDiskSpace } from './lib/core/faults/disk-space';
import { noWatchdog } from './lib/core/faults/event-loop-watchdog';
import { createListPagesCache } from './lib/core/list-pages-cache';
import { createAccessTokens } from './lib/security/access-tokens';
import { captchaOff, recaptchaCheck } from './lib/security/captcha';
import { createSafeFetch } from './lib/security/safe-fetch';
import { createVault } from './lib/security/vault';
import { writersFollowingTheModel } from './lib/writers/writers-following-the-model';

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** The real parts, chosen by configuration alone. Tests call it too and override what they stand in for. */
/** What main.ts (or a test) has started before the dependencies can be put together. */
export type RunningParts = {
  /** Where the LinkedIn gateway goes: linkedin.com, or the sandbox started in-process. */
  linkedinBaseUrl: string;
  jobs: Pick<JobQueue, 'send'>;
  /** The CSV import runner of the list of background work (start-services.ts). */
  csvImports: AppDeps['csvImports'];
  /** The publishing platforms' stand-in when a platform has no credentials (in-process or shared; else null). */
  platformSandbox?: PlatformSandboxEndpoint | null;
};

export const composeDeps = (
  config: Config,
  db: Db,
  log: Log,
  running: RunningParts,
  overrides: Partial<Omit<AppDeps, 'config' | 'db'>> = {},
): AppDeps => {
  const clock: Clock = overrides.clock ?? systemClock;
  const mailer: Mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(path.join(config.dataDir, 'outbox'), log));
  // The built-in model serves when no endpoint is configured and its file is there (followed per use below).
  const localModel =
    overrides.localModel !== undefined
      ? overrides.localModel
      : config.llm
        ? null
        : createLocalModel(config.localModel, log);
  const models = writersFollowingTheModel(config, log, db, overrides, localModel);
  const disk = overrides.disk ?? systemDiskSpace;
  return {
    config,
    db,
    clock,
    mailer,
    // Read per use: the built-in model's client while its file is present, else the endpoint's or null.
    get ai() {
      return models.ai();
    },
    localModel,
    captcha: overrides.captcha ?? (config.recaptcha ? recaptchaCheck(config.recaptcha) : captchaOff),
    tokens: overrides.tokens ?? createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds),
    vault: overrides.vault ?? createVault(config.vaultKey),
    safeFetch: overrides.safeFetch ?? createSafeFetch({ allowlist: config.safeFetchAllowlist }),
    linkedin: overrides.linkedin ?? {
      gateway: createLinkedInGateway({
        baseUrl: running.linkedinBaseUrl,
        minSpacingMs: config.linkedin.minSpacingMs,
        timeoutMs: config.linkedin.timeoutMs,
      }),
      sandbox: config.linkedin.sandbox,
      sandboxUrl: config.linkedin.baseUrl === null ? running.linkedinBaseUrl : null,
    },
    writer: models.writer,
    content: models.content,
    imageModel:
      overrides.imageModel !== undefined
        ? overrides.imageModel
        : config.images
          ? createImageModel(config.images)
          : null,
    keywordMetrics:
      overrides.keywordMetrics !== undefined
        ? overrides.keywordMetrics
        : config.googleAds
          ? createGoogleAdsKeywordIdeas(config.googleAds)
          : null,
    emailFinder:
      overrides.emailFinder !== undefined
        ? overrides.emailFinder
        : config.emailFinder
          ? createHunterEmailFinder(config.emailFinder)
          : null,
    jobs: overrides.jobs ?? running.jobs,
    csvImports: overrides.csvImports ?? running.csvImports,
    // Not listening for changes, it keeps nothing: start-services gives serving processes a listening one.
    callers: overrides.callers ?? createCallerCache(),
    disk,
    // start-services gives every process a running watchdog; a bare composition (scripts) has none.
    watchdog: overrides.watchdog ?? noWatchdog,
    storage: overrides.storage ?? createStorage(config.storage, disk),
    listPages: overrides.listPages ?? createListPagesCache(),
    publishing: overrides.publishing ?? createPublishingClients(config, running.platformSandbox ?? null),
    payments:
      overrides.payments ??
      createPayments(
        config,
        running.platformSandbox
          ? { url: running.platformSandbox.url, app: running.platformSandbox.apps.stripe }
          : null,
      ),
  };
};
