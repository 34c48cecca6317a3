import { INT4_MAX } from './leads';
import { z } from './messages';

/**
 * Infographic themes (spec §2 Infographic Management 2: "theme cards showing the theme name and
 * 'Theme id = '"; §3 Template entries: id, theme, theme_id, promptid). A theme is a visual design the
 * server renders a social post's picture with; each theme has three template entries, one per prompt
 * type of the Template Editor (Selection, Image, Text Post), each naming the prompt (promptid) that
 * drives that step for posts made with the theme.
 */

/** The Template Editor's three prompt types, in its order. */
export const TEMPLATE_PROMPT_TYPES = ['selection', 'image', 'text_post'] as const;
export type TTemplatePromptType = (typeof TEMPLATE_PROMPT_TYPES)[number];

export const TEMPLATE_PROMPT_TYPE_LABELS: Record<TTemplatePromptType, string> = {
  selection: 'Selection',
  image: 'Image',
  text_post: 'Text Post',
};

/**
 * The prompt purpose each template prompt type must name: Selection picks what the picture shows from
 * the post (infographic), Image describes a picture for an image model (social_image), Text Post
 * writes the post itself (social_post). A prompt id of another purpose is refused.
 */
export const TEMPLATE_PROMPT_PURPOSES = {
  selection: 'infographic',
  image: 'social_image',
  text_post: 'social_post',
} as const satisfies Record<TTemplatePromptType, string>;

/** How the content is laid out on the picture. */
export const INFOGRAPHIC_LAYOUTS = ['cards', 'list', 'quote', 'big_number'] as const;
export type TInfographicLayout = (typeof INFOGRAPHIC_LAYOUTS)[number];

export const INFOGRAPHIC_LAYOUT_LABELS: Record<TInfographicLayout, string> = {
  cards: 'Cards',
  list: 'Numbered list',
  quote: 'Quote',
  big_number: 'Big number',
};

/** Picture sizes the networks show well: square (all), portrait (Instagram), landscape (Facebook, LinkedIn links). */
export const INFOGRAPHIC_SIZES = ['1080x1080', '1080x1350', '1200x628'] as const;
export type TInfographicSize = (typeof INFOGRAPHIC_SIZES)[number];

/** Pixel limits of anything drawn or uploaded for a template (a picture larger than this is refused). */
export const INFOGRAPHIC_MAX_PIXELS = 40_000_000;

const ZHexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1A2B3C');

/** The bundled font families (always available); an uploaded font is named by its asset id instead. */
export const BUNDLED_FONT_FAMILIES = ['Inter', 'DejaVu Sans', 'DejaVu Serif'] as const;

export const ZInfographicFont = z.union([
  z.object({ bundled: z.enum(BUNDLED_FONT_FAMILIES) }),
  z.object({ asset_id: z.number().int().positive().max(INT4_MAX) }),
]);
export type TInfographicFont = z.infer<typeof ZInfographicFont>;

/** A theme's design: everything the renderer needs besides the content. */
export const ZInfographicDesign = z.object({
  layout: z.enum(INFOGRAPHIC_LAYOUTS),
  size: z.enum(INFOGRAPHIC_SIZES).default('1080x1080'),
  colors: z.object({
    background: ZHexColor,
    surface: ZHexColor,
    text: ZHexColor,
    accent: ZHexColor,
    muted: ZHexColor,
  }),
  heading_font: ZInfographicFont.default({ bundled: 'Inter' }),
  body_font: ZInfographicFont.default({ bundled: 'Inter' }),
  /** An uploaded background picture (asset of kind background or image), drawn under everything. */
  background_asset_id: z.number().int().positive().max(INT4_MAX).nullable().default(null),
  /** 0–100: how much of the background picture shows through the background colour. */
  background_opacity: z.number().int().min(0).max(100).default(100),
  /** Draw the company's name and site at the bottom. */
  show_footer: z.boolean().default(true),
  /**
   * Take the brand's look: each user's picture is drawn with the colours read from their site (the one
   * that reads best on the background becomes the accent, and tints the surface) and their logo in the
   * footer. A user whose site gave neither gets the theme's own colours.
   */
  use_brand_look: z.boolean().default(false),
});
export type TInfographicDesign = z.infer<typeof ZInfographicDesign>;
export type TInfographicDesignInput = z.input<typeof ZInfographicDesign>;

export const INFOGRAPHIC_HEADLINE_MAX = 120;
export const INFOGRAPHIC_POINT_MAX = 140;
export const INFOGRAPHIC_POINTS_MAX = 6;

/** What one picture shows: chosen from the post by the Selection step, or typed by an admin for a preview. */
export const ZInfographicContent = z.object({
  headline: z.string().trim().min(1).max(INFOGRAPHIC_HEADLINE_MAX),
  points: z
    .array(z.string().trim().min(1).max(INFOGRAPHIC_POINT_MAX))
    .max(INFOGRAPHIC_POINTS_MAX)
    .default([]),
  /** big_number: the figure drawn large (taken from the post, never invented). */
  stat: z.string().trim().max(24).nullable().default(null),
  /** The footer: company name and site, from the brand profile. */
  footer: z.string().trim().max(120).default(''),
});
export type TInfographicContent = z.infer<typeof ZInfographicContent>;
export type TInfographicContentInput = z.input<typeof ZInfographicContent>;

/** GET /api/get-templates-data: one entry per theme and prompt type (spec §3 Template entries). */
export const ZTemplateEntry = z.object({
  id: z.number().int(),
  theme: z.string(),
  theme_id: z.number().int(),
  /** The prompt this step uses; null (sent as 0 or empty) means the current prompt of the type's purpose. */
  promptid: z.number().int().nullable(),
  prompt_type: z.enum(TEMPLATE_PROMPT_TYPES),
});
export type TTemplateEntry = z.infer<typeof ZTemplateEntry>;
export const ZTemplatesDataResponse = z.array(ZTemplateEntry);

/**
 * PUT /api/update-templates-data (spec §7): the three entries of one theme and their prompt ids, in the
 * same order. 0 or null clears an entry (the step then uses the current prompt of its purpose); a prompt
 * id that names no prompt, a retired prompt or a prompt of another purpose is refused.
 */
export const ZUpdateTemplatesDataBody = z.object({
  // Bounded by PostgreSQL's integer: a larger id names nothing and must not reach a query.
  ids: z.array(z.number().int().positive().max(INT4_MAX)).length(3),
  prompt_ids: z.array(z.number().int().min(0).max(INT4_MAX).nullable()).length(3),
});
export type TUpdateTemplatesDataBody = z.infer<typeof ZUpdateTemplatesDataBody>;
