import path from 'node:path';
import type { AppDeps } from './app-deps';
import type { Db } from './db/open-database';
import type { Config } from './env';
import { createCallerCache } from './http/caller-cache';
import type { JobQueue } from './jobs/job-queue';
import { createAiClient } from './lib/clients/ai/ai-client';
import { createImageModel } from './lib/clients/ai/image-client';
import { recordAiUsage } from './lib/clients/ai/record-ai-usage';
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
import { createContentWriter } from './lib/writers/content-writer/create-content-writer';
import { createMessageWriter } from './lib/writers/message-writer/create-message-writer';

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
  // One AI client for every writer (lib/clients/ai), when an endpoint is configured.
  const ai = overrides.ai !== undefined ? overrides.ai : config.llm ? createAiClient(config.llm) : null;
  const disk = overrides.disk ?? systemDiskSpace;
  return {
    config,
    db,
    clock,
    mailer,
    ai,
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
    writer: overrides.writer ?? createMessageWriter(config.llm, log, ai),
    content:
      overrides.content ??
      createContentWriter(config.llm, log, { ai, recordUsage: (entry) => recordAiUsage(db, entry) }),
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
