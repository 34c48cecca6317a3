import { ZId } from './leads';
import { z } from './messages';
import { OFFLINE_DRAFT_LABEL } from './model-setup';

/** LinkedIn refuses posts longer than this. */
export const LINKEDIN_POST_MAX = 3000;
export const LINKEDIN_TOPIC_MAX = 300;
export const LINKEDIN_VARIANTS = { min: 1, max: 3, default: 2 } as const;
/** Inputs chosen to ground one generation (on top of the source itself). */
export const LINKEDIN_GROUNDING_INPUTS_MAX = 5;

export const LINKEDIN_POST_MESSAGES = {
  topicRequired: 'Write a topic for the post',
  topicTooLong: `The topic can be at most ${LINKEDIN_TOPIC_MAX} characters`,
  tooLong: `A LinkedIn post can be at most ${LINKEDIN_POST_MAX.toLocaleString('en-US')} characters`,
  textRequired: 'The post cannot be empty',
  postNotFound: 'LinkedIn post not found',
  blogNotFound: 'Blog post not found',
  blogNotReady: 'This blog post is still being written (or failed): repurpose it once it is ready',
  inputNotFound: 'Input not found',
  inputNotText: 'Only a text input can be the source of a post: choose one of your texts',
  emptySource: 'The source has no text to write from',
  generationFailed: 'The posts could not be written. Nothing was saved; please try again.',
  receiptInvalid: 'This variant can no longer be kept: write the posts again',
  generationNotFound: 'Generation not found',
  variantNotFound: 'This generation has no such variant',
  saved: 'Post Saved',
  kept: 'Post kept in your drafts',
  deleted: 'Post Deleted',
  offlineLabel: OFFLINE_DRAFT_LABEL,
} as const;

/**
 * The model wrote fewer posts than asked, in words: the writer's request to write again says it to the
 * model, and the screen says it above the posts that came.
 */
export const fewerPostsWritten = (written: number, asked: number): string =>
  `Only ${written} of the ${asked} posts asked for were written.`;

/** Where a post's text comes from: a topic, one of the user's blog posts (repurpose), or a text input. */
export const ZLinkedinPostSource = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('topic'),
    topic: z
      .string()
      .trim()
      .min(1, LINKEDIN_POST_MESSAGES.topicRequired)
      .max(LINKEDIN_TOPIC_MAX, LINKEDIN_POST_MESSAGES.topicTooLong),
  }),
  z.object({ type: z.literal('blog'), blog_id: ZId }),
  z.object({ type: z.literal('input'), input_id: ZId }),
]);
export type TLinkedinPostSource = z.infer<typeof ZLinkedinPostSource>;

export const ZGenerateLinkedinPostsRequest = z.object({
  source: ZLinkedinPostSource,
  variants: z.coerce
    .number()
    .int()
    .min(LINKEDIN_VARIANTS.min)
    .max(LINKEDIN_VARIANTS.max)
    .default(LINKEDIN_VARIANTS.default),
  /** More of the user's inputs to ground the posts in (facts, wording). */
  input_ids: z.array(ZId).max(LINKEDIN_GROUNDING_INPUTS_MAX).default([]),
});
export type TGenerateLinkedinPostsRequest = z.input<typeof ZGenerateLinkedinPostsRequest>;

/** Draft until the calendar publishes or schedules it. */
export const LINKEDIN_POST_STATUSES = ['draft', 'scheduled', 'published'] as const;

export const ZLinkedinPost = z.object({
  id: z.number().int(),
  /** The whole post as it would be published: hook, body and hashtags. */
  text: z.string(),
  hook: z.string(),
  hashtags: z.array(z.string()),
  characters: z.number().int(),
  status: z.enum(LINKEDIN_POST_STATUSES),
  writer: z.enum(['llm', 'offline']),
  model: z.string().nullable(),
  source: z.object({
    type: z.enum(['topic', 'blog', 'input']),
    /** The topic, the blog post's title or the input's name. */
    label: z.string(),
    id: z.number().int().nullable(),
  }),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  created_at: z.string().describe('ISO 8601'),
  updated_at: z.string().describe('ISO 8601'),
});
export type TLinkedinPost = z.infer<typeof ZLinkedinPost>;

export const ZLinkedinPostIdParams = z.object({ id: ZId });

export const ZLinkedinPostsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('one-based'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const ZLinkedinPostsResponse = z.object({
  posts: z.array(ZLinkedinPost),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** The writer new posts get: the screen says "Offline draft" when it is the offline one. */
  writer: z.enum(['llm', 'offline']),
});
export type TLinkedinPostsResponse = z.infer<typeof ZLinkedinPostsResponse>;

export const ZUpdateLinkedinPostRequest = z.object({
  text: z
    .string()
    .trim()
    .min(1, LINKEDIN_POST_MESSAGES.textRequired)
    .max(LINKEDIN_POST_MAX, LINKEDIN_POST_MESSAGES.tooLong),
});

/** One written variant, not saved: the person keeps it (POST /api/linkedin-posts) or it goes with the page. */
export const ZLinkedinVariant = z.object({
  /** Its place among the generation's variants (0-based): what the keep call names. */
  variant: z.number().int(),
  /** The whole post as it would be published: hook, body and hashtags. */
  text: z.string(),
  hook: z.string(),
  hashtags: z.array(z.string()),
  characters: z.number().int(),
  /** What the model still left out after being asked again (no hashtags, no body…); empty when nothing. */
  review: z.array(z.string()),
});
export type TLinkedinVariant = z.infer<typeof ZLinkedinVariant>;

/** The signed record of one generation that the keep call presents (opaque to the browser). */
const ZGenerationReceipt = z
  .string()
  .min(1, LINKEDIN_POST_MESSAGES.receiptInvalid)
  .max(8_000, LINKEDIN_POST_MESSAGES.receiptInvalid);

/**
 * Keeps one variant of a generation as a draft. `generation` is the `done` event's receipt (who wrote it,
 * from what, with which prompt and tokens), `variant` which one, `text` the text to keep (the variant's,
 * or the person's edit of it).
 */
export const ZKeepLinkedinPostRequest = z.object({
  generation: ZGenerationReceipt,
  variant: z
    .number()
    .int()
    .min(0)
    .max(LINKEDIN_VARIANTS.max - 1),
  text: ZUpdateLinkedinPostRequest.shape.text,
});
export type TKeepLinkedinPostRequest = z.infer<typeof ZKeepLinkedinPostRequest>;

/**
 * The generation stream (text/event-stream). In order: one `start`, then `delta`s (each variant's text
 * as it is written), then either one `done` with the written variants (nothing saved: the person keeps
 * the ones they want) or one `error`. A `restart` means the model failed mid-answer and the offline
 * writer starts over: the text so far is void. Every event's data is one JSON object.
 */
export const ZLinkedinStreamStart = z.object({
  variants: z.number().int(),
  writer: z.enum(['llm', 'offline']),
  model: z.string().nullable(),
});
export const ZLinkedinStreamDelta = z.object({ variant: z.number().int(), text: z.string() });
export const ZLinkedinStreamDone = z.object({
  variants: z.array(ZLinkedinVariant),
  writer: z.enum(['llm', 'offline']),
  model: z.string().nullable(),
  source: ZLinkedinPost.shape.source,
  /** The receipt to keep a variant with (ZKeepLinkedinPostRequest.generation). */
  generation: z.string(),
  /** Set when a model was configured but failed and the offline writer wrote these instead. */
  fallback_reason: z.string().nullable(),
});
export type TLinkedinStreamDone = z.infer<typeof ZLinkedinStreamDone>;
export const ZLinkedinStreamError = z.object({ error: z.string(), message: z.string() });
export type TLinkedinStreamEvent =
  | { event: 'start'; data: z.infer<typeof ZLinkedinStreamStart> }
  | { event: 'delta'; data: z.infer<typeof ZLinkedinStreamDelta> }
  | { event: 'restart'; data: Record<string, never> }
  | { event: 'done'; data: TLinkedinStreamDone }
  | { event: 'error'; data: z.infer<typeof ZLinkedinStreamError> };
