import { ZId, ZInt4Id } from './leads';
import { z } from './messages';
import { OFFLINE_DRAFT_LABEL } from './model-setup';

/** Spec §3 and §9: the blogs grid shows 9 posts a page (pages are one-based). */
export const BLOGS_PAGE_SIZE = 9;
/** Spec: a meta description of at most 160 characters (what search engines show). */
export const META_DESCRIPTION_MAX = 160;
export const BLOG_TOPIC_MAX = 200;
export const BLOG_KEYWORD_MAX = 60;
export const BLOG_KEYWORDS_MAX = 10;
export const BLOG_TITLE_MAX = 200;
export const BLOG_SLUG_MAX = 120;

/**
 * A URL-safe slug of a title: lower-case ASCII letters, digits and single hyphens, at most `max` characters
 * cut at a hyphen. The offline writer names its posts with it, and the blog editor follows title edits with it.
 */
export const slugOfTitle = (text: string, max = 80): string => {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= max) return slug || 'post';
  const cut = slug.slice(0, max + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : slug.slice(0, max)).replace(/-+$/, '') || 'post';
};
/** The stored HTML body; a long post is about 15,000 characters, so this leaves room for edits. */
export const BLOG_BODY_MAX = 200_000;
export const BLOG_INSTRUCTION_MAX = 500;
/** At most this many topics in one suggestion (and never more than the month has left). */
export const BLOG_TOPICS_PER_REQUEST = { min: 1, max: 6, default: 3 } as const;
export const BLOG_INPUTS_MAX = 5;
export const BLOG_LENGTHS = ['short', 'medium', 'long'] as const;
export type TBlogLength = (typeof BLOG_LENGTHS)[number];
/** What the screen says about each length (the writer's targets). */
export const BLOG_LENGTH_LABELS: Record<TBlogLength, string> = {
  short: 'Short (about 600 words)',
  medium: 'Medium (about 1,200 words)',
  long: 'Long (about 2,000 words)',
};

export const BLOG_MESSAGES = {
  topicRequired: 'Write a topic (or pick a suggested one)',
  topicTooLong: `The topic can be at most ${BLOG_TOPIC_MAX} characters`,
  keywordEmpty: 'A keyword cannot be empty',
  keywordTooLong: `A keyword can be at most ${BLOG_KEYWORD_MAX} characters`,
  tooManyKeywords: `Use at most ${BLOG_KEYWORDS_MAX} keywords`,
  titleRequired: 'The title cannot be empty',
  titleTooLong: `The title can be at most ${BLOG_TITLE_MAX} characters`,
  slugInvalid: 'The slug may use only lowercase letters, digits and single hyphens (like my-first-post)',
  slugTooLong: `The slug can be at most ${BLOG_SLUG_MAX} characters`,
  metaTooLong: `The meta description can be at most ${META_DESCRIPTION_MAX} characters`,
  bodyTooLong: `The post is too long to save (at most ${BLOG_BODY_MAX.toLocaleString('en-US')} characters of HTML)`,
  instructionTooLong: `The instruction can be at most ${BLOG_INSTRUCTION_MAX} characters`,
  tooManyInputs: `Choose at most ${BLOG_INPUTS_MAX} inputs`,
  blogNotFound: 'Blog post not found',
  topicNotFound: 'Blog topic not found',
  sectionNotFound: 'This section does not exist in the post: reload it and try again',
  notReady: 'This blog post is still being written (or failed): edit it once it is ready',
  noWebsite:
    'Add your website in Settings so topics fit your brand, or type a few seed keywords to suggest topics from',
  topicsFailed: 'The topics could not be suggested. Nothing was counted; please try again.',
  noTopicMaterial:
    'There is not enough on your website yet to suggest topics from: scan it again in Settings, or type a few seed keywords. Nothing was counted.',
  postFailed: 'The post could not be written. Nothing was counted; please try again.',
  queueFailed: 'The post could not be started. Nothing was counted; please try again.',
  sectionFailed: 'The section could not be rewritten. Nothing was changed; please try again.',
  saved: 'Blog Saved',
  deleted: 'Blog Deleted',
  offlineLabel: OFFLINE_DRAFT_LABEL,
  pictureNotFound: 'This post has no picture',
  pictureSaved: 'Picture saved',
  pictureRemoved: 'Picture removed',
} as const;

const ZKeyword = z
  .string()
  .trim()
  .min(1, BLOG_MESSAGES.keywordEmpty)
  .max(BLOG_KEYWORD_MAX, BLOG_MESSAGES.keywordTooLong);
const ZKeywords = z.array(ZKeyword).max(BLOG_KEYWORDS_MAX, BLOG_MESSAGES.tooManyKeywords);

const ZTopicText = z
  .string()
  .trim()
  .min(1, BLOG_MESSAGES.topicRequired)
  .max(BLOG_TOPIC_MAX, BLOG_MESSAGES.topicTooLong);

export const ZWriterKind = z.enum(['llm', 'offline']);
export type TWriterKind = z.infer<typeof ZWriterKind>;

/** POST /api/blogs/topics: suggestions from the brand profile, optionally from seed keywords. */
export const ZSuggestBlogTopicsRequest = z.object({
  seed_keywords: ZKeywords.default([]),
  count: z.coerce
    .number()
    .int()
    .min(BLOG_TOPICS_PER_REQUEST.min)
    .max(BLOG_TOPICS_PER_REQUEST.max)
    .default(BLOG_TOPICS_PER_REQUEST.default),
});
export type TSuggestBlogTopicsRequest = z.input<typeof ZSuggestBlogTopicsRequest>;

export const ZBlogTopic = z.object({
  id: z.number().int(),
  title: z.string(),
  angle: z.string(),
  keywords: z.array(z.string()),
  writer: ZWriterKind,
  created_at: z.string(),
});
export type TBlogTopic = z.infer<typeof ZBlogTopic>;

export const ZSuggestBlogTopicsResponse = z.object({
  topics: z.array(ZBlogTopic),
  /** Topic units left this month after these. */
  remaining: z.number().int(),
  writer: ZWriterKind,
  /** Why an AI model did not write these (it failed and the offline writer stood in). */
  fallback_reason: z.string().nullable(),
});
export type TSuggestBlogTopicsResponse = z.infer<typeof ZSuggestBlogTopicsResponse>;

export const ZBlogTopicsResponse = z.object({ topics: z.array(ZBlogTopic) });
export type TBlogTopicsResponse = z.infer<typeof ZBlogTopicsResponse>;

/** POST /api/blogs: writes a post in the background (a job); answers the item at once. */
export const ZGenerateBlogRequest = z.object({
  /** The suggestion it was made from, if any (History links them). */
  topic_id: ZId.optional(),
  topic: ZTopicText,
  keywords: ZKeywords.default([]),
  length: z.enum(BLOG_LENGTHS).default('medium'),
  input_ids: z.array(ZId).max(BLOG_INPUTS_MAX, BLOG_MESSAGES.tooManyInputs).default([]),
});
export type TGenerateBlogRequest = z.input<typeof ZGenerateBlogRequest>;

export const ZBlogStatus = z.enum(['generating', 'ready', 'failed']);
export type TBlogStatus = z.infer<typeof ZBlogStatus>;

/** One `<h2>` section of the stored body, as "Regenerate section" names it. */
export const ZBlogSectionRef = z.object({ index: z.number().int(), heading: z.string() });

export const ZBlogPost = z.object({
  id: z.number().int(),
  status: ZBlogStatus,
  /** 0–100 while generating. */
  progress: z.number().int(),
  /** The post's place in the built-in model's line: the screens show it instead of the percentage. */
  waiting_for_model: z
    .number()
    .int()
    .min(1)
    .nullable()
    .describe(
      "while generating: how many answers the built-in model (which writes one at a time) gives before this post's next step starts (1: it is next); null when the post is not waiting for the model",
    ),
  error: z.string().nullable(),
  topic: z.string(),
  title: z.string(),
  slug: z.string(),
  meta_description: z.string(),
  outline: z.array(z.string()),
  /** The keywords asked for. */
  keywords: z.array(z.string()),
  /** The keywords the post actually uses. */
  keywords_used: z.array(z.string()),
  length: z.enum(BLOG_LENGTHS),
  /** Sanitised HTML: the sections, each under its `<h2>`. */
  body_html: z.string(),
  sections: z.array(ZBlogSectionRef),
  word_count: z.number().int(),
  /** The post's picture (WordPress's featured image): a theme's infographic of the post, or an image of the user's. */
  picture: z
    .object({
      source: z.enum(['theme', 'input']),
      theme_id: z.number().int().nullable(),
      input_id: z.number().int().nullable(),
    })
    .nullable(),
  /**
   * What to look at before publishing a post a model wrote: its length still far from the one asked after
   * the writer fitted it, and the like. Empty when nothing was found; the post then shows "Needs review".
   */
  review: z.array(z.string()),
  writer: ZWriterKind,
  model: z.string().nullable(),
  fallback_reason: z.string().nullable(),
  input_ids: z.array(z.number().int()),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBlogPost = z.infer<typeof ZBlogPost>;

/** The grid's card: everything but the body. */
export const ZBlogCard = ZBlogPost.omit({ body_html: true, sections: true, outline: true }).extend({
  excerpt: z.string(),
});
export type TBlogCard = z.infer<typeof ZBlogCard>;

export const ZBlogResponse = z.object({ blog: ZBlogPost });

/**
 * PUT /api/blogs/:id/picture: the post's picture, sent to WordPress as its featured image. A theme draws
 * the post's title and section headings as an infographic; an input is one of the user's uploaded
 * images; none takes the picture away.
 */
export const ZSetBlogPictureRequest = z.discriminatedUnion('source', [
  z.object({ source: z.literal('theme'), theme_id: ZInt4Id }),
  z.object({ source: z.literal('input'), input_id: ZId }),
  z.object({ source: z.literal('none') }),
]);
export type TSetBlogPictureRequest = z.infer<typeof ZSetBlogPictureRequest>;
export type TBlogResponse = z.infer<typeof ZBlogResponse>;

export const ZBlogsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type TBlogsQuery = z.input<typeof ZBlogsQuery>;

export const ZBlogsResponse = z.object({
  blogs: z.array(ZBlogCard),
  page: z.number().int(),
  page_size: z.literal(BLOGS_PAGE_SIZE),
  total: z.number().int(),
  total_pages: z.number().int(),
  /** The writer new posts get: the label "Offline draft" shows when it is the offline one. */
  writer: ZWriterKind,
  /** Whether the user has a website (its brand profile grounds the topics). */
  has_website: z.boolean(),
});
export type TBlogsResponse = z.infer<typeof ZBlogsResponse>;

export const ZBlogIdParams = z.object({ id: ZId });

const ZSlug = z
  .string()
  .trim()
  .max(BLOG_SLUG_MAX, BLOG_MESSAGES.slugTooLong)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, BLOG_MESSAGES.slugInvalid);

/** PUT /api/blogs/:id: any of the fields; the body is sanitised on the server. */
export const ZUpdateBlogRequest = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, BLOG_MESSAGES.titleRequired)
      .max(BLOG_TITLE_MAX, BLOG_MESSAGES.titleTooLong),
    slug: ZSlug,
    meta_description: z.string().trim().max(META_DESCRIPTION_MAX, BLOG_MESSAGES.metaTooLong),
    body_html: z.string().max(BLOG_BODY_MAX, BLOG_MESSAGES.bodyTooLong),
  })
  .partial()
  .strict();
export type TUpdateBlogRequest = z.input<typeof ZUpdateBlogRequest>;

/** POST /api/blogs/:id/regenerate_section: rewrites one section and saves the post. */
export const ZRegenerateSectionRequest = z
  .object({
    section_index: z.coerce.number().int().min(0).max(200),
    /** The editor's current body (unsaved edits included); the saved one when absent. */
    body_html: z.string().max(BLOG_BODY_MAX, BLOG_MESSAGES.bodyTooLong).optional(),
    instruction: z.string().trim().max(BLOG_INSTRUCTION_MAX, BLOG_MESSAGES.instructionTooLong).optional(),
  })
  .strict();
export type TRegenerateSectionRequest = z.input<typeof ZRegenerateSectionRequest>;
