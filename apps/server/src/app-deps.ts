import type { Db } from './db/open-database';
import type { ImportJobRow } from './db/schema';
import type { Config } from './env';
import type { CallerCache } from './http/caller-cache';
import type { JobQueue } from './jobs/job-queue';
import type { ImageModel } from './lib/clients/ai/image-client';
import type { LocalModel } from './lib/clients/ai/local-model/types';
import type { AiClient } from './lib/clients/ai/types';
import type { EmailFinder } from './lib/clients/email-finder/types';
import type { KeywordMetricsProvider } from './lib/clients/keyword-ideas/types';
import type { LinkedInGateway } from './lib/clients/linkedin-gateway';
import type { Mailer } from './lib/clients/mailer';
import type { Payments } from './lib/clients/payments/create-payments';
import type { PublishingClients } from './lib/clients/publishing/publishing-clients';
import type { Storage } from './lib/clients/storage';
import type { Clock } from './lib/core/clock';
import type { DiskSpace } from './lib/core/faults/disk-space';
import type { EventLoopWatchdog } from './lib/core/faults/event-loop-watchdog';
import type { ListPagesCache } from './lib/core/list-pages-cache';
import type { AccessTokens } from './lib/security/access-tokens';
import type { CaptchaCheck } from './lib/security/captcha';
import type { SafeFetch } from './lib/security/safe-fetch';
import type { Vault } from './lib/security/vault';
import type { ContentWriter } from './lib/writers/content-writer/types';
import type { MessageWriter } from './lib/writers/message-writer/types';

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
   * offline writer on any failure, or the offline writer alone (lib/writers/content-writer).
   */
  content: ContentWriter;
  /** The one AI client (lib/clients/ai) when an endpoint is configured (config.llm), else null: the chat calls it directly. */
  ai: AiClient | null;
  /**
   * The built-in model (lib/clients/ai/local-model): null when LLM_BASE_URL names an endpoint. The admin
   * area reads its status and calls `refresh` after downloading its file.
   */
  localModel: LocalModel | null;
  /** Pictures for social posts from an images endpoint (IMAGE_MODEL); null when none is configured. */
  imageModel: ImageModel | null;
  /** Search volume, cost per click and competition: the Google Ads API when configured, else none (null). */
  keywordMetrics: KeywordMetricsProvider | null;
  /** Work e-mails for leads (Find Email): Hunter when HUNTER_API_KEY is set, else none (null). */
  emailFinder: EmailFinder | null;
  /** Queues background jobs (sending only; what works them is listed in background-work.ts). */
  jobs: Pick<JobQueue, 'send'>;
  /** Runs each CSV import save_leads hands it, in this (serving) process (background-work.ts, CSV_IMPORTS). */
  csvImports: { start: (job: ImportJobRow) => void };
  /** Signed-in callers by session (http/caller-cache.ts); whatever ends or changes one tells it. */
  callers: CallerCache;
  /** Free space of DATA_DIR's file system (statfs), checked before large writes (lib/core/faults/disk-space.ts). */
  disk: DiskSpace;
  /** Stalls of this process's event loop, for the log and /api/health (lib/core/faults/event-loop-watchdog.ts). */
  watchdog: EventLoopWatchdog;
  /** Uploaded and rendered files: DATA_DIR/files or an S3-compatible bucket (lib/clients/storage). */
  storage: Storage;
  /** Pages of all_lists and all_leads by user (lib/core/list-pages-cache.ts), dropped at commit. */
  listPages: ListPagesCache;
  /** LinkedIn, Facebook/Instagram and WordPress as publishing reaches them (the platform sandbox without credentials). */
  publishing: PublishingClients;
  /** Stripe (STRIPE_SECRET_KEY) or the platform sandbox standing in for it: checkout, portal, webhooks. */
  payments: Payments;
};
