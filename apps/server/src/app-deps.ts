import type { Db } from './db/open-database';
import type { ImportJobRow } from './db/schema';
import type { Config } from './env';
import type { CallerCache } from './http/caller-cache';
import type { JobQueue } from './jobs/job-queue';
import type { AccessTokens } from './lib/access-tokens';
import type { ImageModel } from './lib/ai/image-client';
import type { AiClient } from './lib/ai/types';
import type { CaptchaCheck } from './lib/captcha';
import type { Clock } from './lib/clock';
import type { ContentWriter } from './lib/content-writer/types';
import type { DiskSpace } from './lib/faults/disk-space';
import type { EventLoopWatchdog } from './lib/faults/event-loop-watchdog';
import type { KeywordMetricsProvider } from './lib/keyword-ideas/types';
import type { LinkedInGateway } from './lib/linkedin';
import type { ListPagesCache } from './lib/list-pages-cache';
import type { Mailer } from './lib/mailer';
import type { MessageWriter } from './lib/message-writer/types';
import type { Payments } from './lib/payments/create-payments';
import type { PublishingClients } from './lib/publishing/publishing-clients';
import type { SafeFetch } from './lib/safe-fetch';
import type { Storage } from './lib/storage';
import type { Vault } from './lib/vault';

/** Everything a use case may need from outside itself; tests build their own. */
export type AppDeps = {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  captcha: CaptchaCheck;
  tokens: AccessTokens;
  vault: Vault;
  safeFetch: SafeFetch;
  /** `sandboxUrl`: where the in-process LinkedIn sandbox listens (null when talking to LinkedIn). */
  linkedin: { gateway: LinkedInGateway; sandbox: boolean; sandboxUrl: string | null };
  /** Writes campaign messages: an OpenAI-compatible LLM when configured, else the offline writer. */
  writer: MessageWriter;
  /**
   * Writes content (blog topics and posts, LinkedIn posts): the LLM at LLM_BASE_URL, falling back to the
   * offline writer on any failure, or the offline writer alone (lib/content-writer).
   */
  content: ContentWriter;
  /** The one AI client (lib/ai) when an endpoint is configured (config.llm), else null: the chat calls it directly. */
  ai: AiClient | null;
  /** Pictures for social posts from an images endpoint (IMAGE_MODEL); null when none is configured. */
  imageModel: ImageModel | null;
  /** Search volume, cost per click and competition: the Google Ads API when configured, else none (null). */
  keywordMetrics: KeywordMetricsProvider | null;
  /** Queues background jobs (sending only; what works them is listed in background-work.ts). */
  jobs: Pick<JobQueue, 'send'>;
  /** Runs each CSV import save_leads hands it, in this (serving) process (background-work.ts, CSV_IMPORTS). */
  csvImports: { start: (job: ImportJobRow) => void };
  /** Signed-in callers by session (http/caller-cache.ts); whatever ends or changes one tells it. */
  callers: CallerCache;
  /** Free space of DATA_DIR's file system (statfs), checked before large writes (lib/faults/disk-space.ts). */
  disk: DiskSpace;
  /** Stalls of this process's event loop, for the log and /api/health (lib/faults/event-loop-watchdog.ts). */
  watchdog: EventLoopWatchdog;
  /** Uploaded and rendered files: DATA_DIR/files or an S3-compatible bucket (lib/storage). */
  storage: Storage;
  /** Pages of all_lists and all_leads by user (lib/list-pages-cache.ts), dropped at commit. */
  listPages: ListPagesCache;
  /** LinkedIn, Facebook/Instagram and WordPress as publishing reaches them (the platform sandbox without credentials). */
  publishing: PublishingClients;
  /** Stripe (STRIPE_SECRET_KEY) or the platform sandbox standing in for it: checkout, portal, webhooks. */
  payments: Payments;
};
