import { z } from './messages';

/** What one purpose of the AI is served by. */
export const ZAiProviderKind = z.enum([
  /** An OpenAI-compatible endpoint (LLM_BASE_URL, or IMAGE_BASE_URL for pictures). */
  'endpoint',
  /** The built-in model running in the server's process (DATA_DIR/models). */
  'built_in',
  /** No model: the offline writers, the answers from the account's data, the themes' pictures. */
  'no_model',
  /** The Google Ads API keyword ideas service. */
  'google_ads',
]);
export type TAiProviderKind = z.infer<typeof ZAiProviderKind>;

/** The purposes the admin area lists, in its order. */
export const AI_PURPOSES = ['campaign_messages', 'content', 'chat', 'pictures', 'keyword_metrics'] as const;
export const ZAiPurpose = z.enum(AI_PURPOSES);
export type TAiPurpose = z.infer<typeof ZAiPurpose>;

export const ZAiPurposeProvider = z.object({
  purpose: ZAiPurpose,
  /** "Campaign messages", "Content writing", … */
  label: z.string(),
  kind: ZAiProviderKind,
  /** "OpenAI-compatible endpoint api.example.com / gpt-4o-mini", "Built-in model Qwen3 4B …", … */
  provider: z.string(),
  /** The model's name when a model serves, else null. */
  model: z.string().nullable(),
});
export type TAiPurposeProvider = z.infer<typeof ZAiPurposeProvider>;

export const ZModelDownloadState = z.enum(['idle', 'running', 'done', 'failed', 'cancelled']);
export type TModelDownloadState = z.infer<typeof ZModelDownloadState>;

/** The download of the built-in model's file, as the admin area polls it. */
export const ZModelDownload = z.object({
  state: ZModelDownloadState,
  /** While running: connecting, checking (hashing what an earlier run left), downloading, verifying. */
  phase: z.enum(['connecting', 'checking', 'downloading', 'verifying']).nullable(),
  bytes_done: z.number().int(),
  bytes_total: z.number().int().nullable(),
  bytes_per_second: z.number().nullable(),
  seconds_left: z.number().int().nullable(),
  /** Why the last download failed, in words. */
  error: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Another process (`npm run model:pull`) is downloading into the same file: its progress is not seen here. */
  elsewhere: z.string().nullable(),
});
export type TModelDownload = z.infer<typeof ZModelDownload>;

export const ZBuiltInModel = z.object({
  name: z.string(),
  /** The catalogue's licence; null for a mirror named by LOCAL_MODEL_URL (its publisher's terms apply). */
  licence: z.string().nullable(),
  /** Where the file is fetched from. */
  url: z.string(),
  sha256: z.string(),
  /** The file's published size; null for a mirror (learned from its answer). */
  size_bytes: z.number().int().nullable(),
  /** Where the file goes (DATA_DIR/models, or LOCAL_MODEL_PATH). */
  path: z.string(),
  present: z.boolean(),
  /** The downloaded file's size on disk, when present. */
  file_size_bytes: z.number().int().nullable(),
  /** Bytes of a part file an interrupted download left (it resumes from there), else 0. */
  partial_bytes: z.number().int(),
  /** The built-in model serves when its file is there and LLM_BASE_URL is not set. */
  in_use: z.boolean(),
  /** LLM_BASE_URL is set: the endpoint serves, and the built-in model is not used even when downloaded. */
  overridden: z.boolean(),
  /** Loaded state while it serves: absent, unloaded (idle), loading, ready; null when not in use. */
  runtime: z
    .object({
      state: z.enum(['absent', 'unloaded', 'loading', 'ready']),
      busy: z.boolean(),
      waiting: z.number().int(),
    })
    .nullable(),
  download: ZModelDownload,
});
export type TBuiltInModel = z.infer<typeof ZBuiltInModel>;

/** GET /api/admin/ai-model: which provider serves each purpose, and the built-in model's file. */
export const ZAdminAiModelResponse = z.object({
  purposes: z.array(ZAiPurposeProvider),
  built_in: ZBuiltInModel,
});
export type TAdminAiModelResponse = z.infer<typeof ZAdminAiModelResponse>;

/** POST /api/admin/ai-model/test: a short prompt through the model that writes content. */
export const ZAdminAiModelTestRequest = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, 'Write a prompt to test with')
    .max(500, 'A test prompt is at most 500 characters')
    .default('In one sentence, what does a marketing assistant do?'),
});
export type TAdminAiModelTestRequest = z.input<typeof ZAdminAiModelTestRequest>;

export const ZAdminAiModelTestResponse = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    provider: z.string(),
    text: z.string(),
    /** From the request to the first piece of text (a queue for the built-in model included). */
    first_token_ms: z.number().int(),
    total_ms: z.number().int(),
    completion_tokens: z.number().int(),
    /** Tokens written a second after the first one; null when the model reports no token counts. */
    tokens_per_second: z.number().nullable(),
  }),
  z.object({
    ok: z.literal(false),
    provider: z.string(),
    /** Why the model did not answer, in words. */
    reason: z.string(),
    total_ms: z.number().int(),
  }),
]);
export type TAdminAiModelTestResponse = z.infer<typeof ZAdminAiModelTestResponse>;

/** The admin area's texts about the built-in model, shared by the server's refusals and the screen. */
export const BUILT_IN_MODEL_MESSAGES = {
  downloadRunning: 'The model is already being downloaded: wait for it to finish, or cancel it.',
  alreadyPresent: 'The model is already downloaded.',
  noDownload: 'No download is running.',
  deleteWhileRunning: 'The model is being downloaded: cancel the download before deleting the file.',
  noModel:
    'No AI model serves this server: download the built-in model, or set LLM_BASE_URL to an OpenAI-compatible endpoint.',
} as const;

/**
 * The wait for the built-in model in words, wherever something waits its turn (a chat answer, a blog post
 * being written): `ahead` answers are written before this one starts (1: it is next).
 */
export const waitingForModelText = (ahead: number): string =>
  ahead === 1
    ? 'Waiting for the model: yours is next'
    : `Waiting for the model: ${ahead.toLocaleString('en-US')} answers ahead of yours`;
