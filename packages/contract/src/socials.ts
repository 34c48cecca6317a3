import { ZId, ZInt4Id } from './leads';
import { z } from './messages';
import { MODEL_SETUP, OFFLINE_DRAFT_LABEL } from './model-setup';

/**
 * Social media posts (spec §2 /allsocials and /socials/content, §3 socials: preview items carry id,
 * text, image_uri; §9 socials page size 10, social_media_posts_limit). One generation writes one post
 * per chosen network, each fitted to that network, and gives each post a picture.
 */

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin'] as const;
export type TSocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_NETWORK_LABELS: Record<TSocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

/**
 * What each network accepts. `max`: the network refuses longer text (Facebook's 63,206 characters,
 * Instagram's 2,200-character caption, LinkedIn's 3,000). `recommended`: past this the network folds the
 * text behind "See more" (shown as a hint, never enforced). `hashtags`: the most the network accepts
 * (Instagram 30), null where it sets none.
 */
export const SOCIAL_LIMITS: Record<
  TSocialNetwork,
  { max: number; recommended: number; hashtags: number | null }
> = {
  facebook: { max: 63_206, recommended: 500, hashtags: null },
  instagram: { max: 2_200, recommended: 1_000, hashtags: 30 },
  linkedin: { max: 3_000, recommended: 1_300, hashtags: null },
};

/** Spec §9: socials page size. */
export const SOCIALS_PAGE_SIZE = 10;
export const SOCIAL_TOPIC_MAX = 300;
/** Inputs chosen to ground one generation (on top of the source itself). */
export const SOCIAL_GROUNDING_INPUTS_MAX = 5;

/**
 * Where a post's picture comes from: the theme's infographic rendered from the post (theme), one of the
 * user's uploaded images (input), or an image model (model; only when one is configured).
 */
export const SOCIAL_IMAGE_SOURCES = ['theme', 'input', 'model'] as const;
export type TSocialImageSource = (typeof SOCIAL_IMAGE_SOURCES)[number];

export const SOCIAL_IMAGE_SOURCE_LABELS: Record<TSocialImageSource, string> = {
  theme: 'Theme infographic',
  input: 'One of my images',
  model: 'AI image',
};

/** rendering: a job draws it; the post's text is usable meanwhile. */
export const SOCIAL_IMAGE_STATUSES = ['rendering', 'ready', 'failed'] as const;

export const SOCIAL_MESSAGES = {
  sourceRequired: 'Choose a topic, one of your blog posts or one of your texts',
  oneSource: 'Give only one of topic, source_id and input_id',
  topicTooLong: `The topic can be at most ${SOCIAL_TOPIC_MAX} characters`,
  networksRequired: 'Choose at least one network',
  imageInputRequired: 'Choose one of your images (image_input_id) for this picture source',
  postNotFound: 'Social post not found',
  blogNotFound: 'Blog post not found',
  blogNotReady: 'This blog post is still being written (or failed): use it once it is ready',
  inputNotFound: 'Input not found',
  inputNotText: 'Only a text input can be the source of a post: choose one of your texts',
  inputNotImage: 'Only an image input can be the picture: choose one of your images',
  emptySource: 'The source has no text to write from',
  themeNotFound: 'Theme not found',
  themeRetired: 'This theme is retired: choose another one',
  noImageModel: `${MODEL_SETUP.imagesMissing} Choose another picture source.`,
  textRequired: 'The post cannot be empty',
  generationFailed:
    'The posts could not be written. Nothing was saved and nothing was counted; please try again.',
  imageFailed: 'The picture could not be made',
  imageNotReady: 'This post has no picture yet',
  queueFailed: 'The picture could not be queued; try "Regenerate image"',
  stillWriting: 'This post is still being written',
  saved: 'Post Saved',
  deleted: 'Post Deleted',
  offlineLabel: OFFLINE_DRAFT_LABEL,
} as const;

/** "The Instagram text can be at most 2,200 characters (it has 2,345)". */
export const socialTooLongMessage = (network: TSocialNetwork, length: number): string =>
  `The ${SOCIAL_NETWORK_LABELS[network]} text can be at most ${SOCIAL_LIMITS[network].max.toLocaleString('en-US')} characters (it has ${length.toLocaleString('en-US')})`;

export const socialTooManyHashtagsMessage = (network: TSocialNetwork, count: number): string =>
  `${SOCIAL_NETWORK_LABELS[network]} takes at most ${SOCIAL_LIMITS[network].hashtags ?? 0} hashtags (this text has ${count})`;

/** The hashtags of a text, as the networks read them. */
export const hashtagsOfText = (text: string): string[] => text.match(/#[\p{L}\p{N}_]+/gu) ?? [];

/** What a network would refuse in this text, or null when it fits. */
export const socialTextProblem = (network: TSocialNetwork, text: string): string | null => {
  const limits = SOCIAL_LIMITS[network];
  if (text.length > limits.max) return socialTooLongMessage(network, text.length);
  const tags = hashtagsOfText(text).length;
  if (limits.hashtags !== null && tags > limits.hashtags) return socialTooManyHashtagsMessage(network, tags);
  return null;
};

const ZNetworks = z
  .array(z.enum(SOCIAL_NETWORKS))
  .min(1, SOCIAL_MESSAGES.networksRequired)
  .max(SOCIAL_NETWORKS.length)
  .transform((networks) => [...new Set(networks)]);

const ZImageChoice = {
  image_source: z.enum(SOCIAL_IMAGE_SOURCES).default('theme'),
  /** image_source input: which of the user's image inputs. */
  image_input_id: ZId.optional(),
};

export const ZCreateSocialPostsRequest = z
  .object({
    topic: z.string().trim().min(1).max(SOCIAL_TOPIC_MAX, SOCIAL_MESSAGES.topicTooLong).optional(),
    /** One of the user's blog posts (a content item of kind blog) to repurpose. */
    source_id: ZId.optional(),
    /** One of the user's text inputs to write from. */
    input_id: ZId.optional(),
    networks: ZNetworks,
    /** The infographic theme: its Text Post, Selection and Image prompts, and its design. */
    theme_id: ZInt4Id,
    ...ZImageChoice,
    /** More of the user's text inputs to ground the posts in. */
    input_ids: z.array(ZId).max(SOCIAL_GROUNDING_INPUTS_MAX).default([]),
  })
  .superRefine((value, ctx) => {
    const given = [value.topic, value.source_id, value.input_id].filter((each) => each !== undefined);
    if (given.length === 0) ctx.addIssue({ code: 'custom', message: SOCIAL_MESSAGES.sourceRequired });
    if (given.length > 1) ctx.addIssue({ code: 'custom', message: SOCIAL_MESSAGES.oneSource });
    if (value.image_source === 'input' && value.image_input_id === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['image_input_id'],
        message: SOCIAL_MESSAGES.imageInputRequired,
      });
  });
export type TCreateSocialPostsRequest = z.input<typeof ZCreateSocialPostsRequest>;

export const ZSocialImage = z.object({
  source: z.enum(SOCIAL_IMAGE_SOURCES),
  status: z.enum(SOCIAL_IMAGE_STATUSES),
  /** failed: why, in words for the user. */
  error: z.string().nullable(),
  /** The picture was made another way than asked (the image model failed: the theme's infographic). */
  fallback_reason: z.string().nullable(),
  mime: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Bumped on every new picture (the version in image_uri). */
  version: z.number().int(),
  /** What the renderer changed to fit the text (shrunk, cut, left out), one sentence each: never silent. */
  fit_notes: z.array(z.string()),
});
export type TSocialImage = z.infer<typeof ZSocialImage>;

export const ZSocialPost = z.object({
  id: z.number().int(),
  network: z.enum(SOCIAL_NETWORKS),
  /** The post as it would be published (hashtags included). */
  text: z.string(),
  characters: z.number().int(),
  hashtags: z.array(z.string()),
  /**
   * GET /api/socials/{id}/image?v={version}: the picture, served to its owner (an authorised fetch);
   * null until one is ready.
   */
  image_uri: z.string().nullable(),
  image: ZSocialImage,
  theme_id: z.number().int().nullable(),
  /** The theme's name (null when the theme was deleted since). */
  theme: z.string().nullable(),
  /** The posts written together (one per network) share it. */
  generation_id: z.string(),
  source: z.object({
    type: z.enum(['topic', 'blog', 'input']),
    /** The topic, the blog post's title or the input's name. */
    label: z.string(),
    id: z.number().int().nullable(),
  }),
  writer: z.enum(['llm', 'offline']),
  model: z.string().nullable(),
  created_at: z.string().describe('ISO 8601'),
  updated_at: z.string().describe('ISO 8601'),
});
export type TSocialPost = z.infer<typeof ZSocialPost>;

export const ZCreateSocialPostsResponse = z.object({
  items: z.array(ZSocialPost),
  /** Set when a model was configured but failed and the offline writer wrote these instead. */
  fallback_reason: z.string().nullable(),
});
export type TCreateSocialPostsResponse = z.infer<typeof ZCreateSocialPostsResponse>;

export const ZSocialPostIdParams = z.object({ id: ZId });

export const ZSocialsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('one-based'),
});

export const ZSocialPostsResponse = z.object({
  items: z.array(ZSocialPost),
  total: z.number().int(),
  page: z.number().int(),
  /** Always SOCIALS_PAGE_SIZE (spec §9). */
  limit: z.number().int(),
  /** The writer new posts get: the screen says "Offline draft" when it is the offline one. */
  writer: z.enum(['llm', 'offline']),
  /** Whether an image model is configured (the "AI image" source is offered). */
  image_model: z.boolean(),
});
export type TSocialPostsResponse = z.infer<typeof ZSocialPostsResponse>;

export const ZSocialPostResponse = z.object({ post: ZSocialPost });
export type TSocialPostResponse = z.infer<typeof ZSocialPostResponse>;

/** Saving an edit: checked against the post's network (400 with the limit in words). */
export const ZUpdateSocialPostRequest = z.object({
  text: z.string().trim().min(1, SOCIAL_MESSAGES.textRequired).max(SOCIAL_LIMITS.facebook.max),
});

/** Another picture: the same source again, or another theme / source. */
export const ZRegenerateSocialImageRequest = z
  .object({
    theme_id: ZInt4Id.optional(),
    image_source: z.enum(SOCIAL_IMAGE_SOURCES).optional(),
    image_input_id: ZId.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.image_source === 'input' && value.image_input_id === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['image_input_id'],
        message: SOCIAL_MESSAGES.imageInputRequired,
      });
  });
export type TRegenerateSocialImageRequest = z.input<typeof ZRegenerateSocialImageRequest>;
