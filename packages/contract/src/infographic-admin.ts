import { ZErrorBody } from './common';
import {
  INFOGRAPHIC_LAYOUTS,
  INFOGRAPHIC_SIZES,
  ZInfographicContent,
  ZInfographicDesign,
} from './infographics';
import { INT4_MAX } from './leads';
import { z } from './messages';

/**
 * What the renderer changed to make the text fit (never clipped silently): shrunk below the design's
 * size, cut short at a word with "…", or left out. The admin's live preview and the Socials screen
 * show `notes` so the user knows.
 */
export const ZInfographicFit = z.object({
  scale: z.number().describe('1: drawn at the design size; below 1: every text was made that much smaller'),
  shrunk: z.boolean(),
  cut: z.array(z.string()).describe('the texts cut short with "…", e.g. "Headline", "Point 3"'),
  dropped: z.array(z.string()).describe('the texts left out for want of room'),
  notes: z.array(z.string()).describe('one sentence per change, for the user'),
});
export type TInfographicFit = z.infer<typeof ZInfographicFit>;

/**
 * The content every theme's preview is drawn with (theme cards, the Socials theme picker) and the
 * editor's sample fields start from. Plain words about making pictures, no figures claimed of anyone.
 */
export const INFOGRAPHIC_SAMPLE_CONTENT = {
  headline: 'Five habits of teams that publish every week',
  points: [
    'Plan topics a month ahead',
    'Write from real customer questions',
    'Reuse each post across networks',
    'Review numbers every Friday',
  ],
  stat: '5×',
  footer: 'Your Company · example.com',
} as const satisfies z.input<typeof ZInfographicContent>;

// ─── Themes (user-facing list for Socials; admin management) ─────────────────────────────────────

/** serial ids: anything above PostgreSQL's integer cannot name a row (and must not reach the query). */
const ZSerialId = (what: string) =>
  z.coerce
    .number(`${what} id must be a number`)
    .int(`${what} id must be a whole number`)
    .min(1, `${what} id must be at least 1`)
    .max(INT4_MAX, `No such ${what.toLowerCase()}`);

export const ZThemeIdParams = z.object({ id: ZSerialId('Theme') });
export const ZAssetIdParams = z.object({ id: ZSerialId('Asset') });

export const ZInfographicThemeSummary = z.object({
  id: z.number().int().describe('the theme id ("Theme id = ")'),
  name: z.string(),
  layout: z.enum(INFOGRAPHIC_LAYOUTS),
  size: z.enum(INFOGRAPHIC_SIZES),
  version: z.number().int().describe('bumped on every design edit'),
  preview_uri: z.string().describe('a PNG of the theme drawn with sample content (signed-in users)'),
});
export type TInfographicThemeSummary = z.infer<typeof ZInfographicThemeSummary>;

export const ZInfographicThemesResponse = z.object({
  themes: z.array(ZInfographicThemeSummary).describe('the themes offered (not retired), by id'),
});
export type TInfographicThemesResponse = z.infer<typeof ZInfographicThemesResponse>;

export const INFOGRAPHIC_THEME_NAME_MAX = 60;

const ZThemeName = z
  .string('Give the theme a name')
  .trim()
  .min(1, 'Give the theme a name')
  .max(
    INFOGRAPHIC_THEME_NAME_MAX,
    `The theme name can have at most ${INFOGRAPHIC_THEME_NAME_MAX} characters`,
  );

export const ZAdminInfographicTheme = z.object({
  id: z.number().int(),
  name: z.string(),
  design: ZInfographicDesign,
  version: z
    .number()
    .int()
    .describe('send it back with an edit: a save of an older version is refused (409)'),
  built_in: z.boolean(),
  retired: z.boolean(),
  retired_at: z.string().nullable(),
  preview_uri: z.string(),
  updated_at: z.string(),
});
export type TAdminInfographicTheme = z.infer<typeof ZAdminInfographicTheme>;

export const ZAdminInfographicThemesResponse = z.object({
  themes: z.array(ZAdminInfographicTheme).describe('every theme, retired ones too, by id'),
});
export type TAdminInfographicThemesResponse = z.infer<typeof ZAdminInfographicThemesResponse>;

export const ZAdminInfographicThemeResponse = z.object({
  message: z.string(),
  theme: ZAdminInfographicTheme,
});
export type TAdminInfographicThemeResponse = z.infer<typeof ZAdminInfographicThemeResponse>;

export const ZCreateInfographicThemeRequest = z.strictObject({
  name: ZThemeName,
  design: ZInfographicDesign,
});
export type TCreateInfographicThemeRequest = z.input<typeof ZCreateInfographicThemeRequest>;

export const ZUpdateInfographicThemeRequest = z.strictObject({
  name: ZThemeName.optional(),
  design: ZInfographicDesign.optional().describe('a changed design bumps the version'),
  version: z.number().int().min(1).max(INT4_MAX).describe('the version the edit was made from'),
});
export type TUpdateInfographicThemeRequest = z.input<typeof ZUpdateInfographicThemeRequest>;

export const ZRetireInfographicThemeRequest = z.strictObject({
  retired: z.boolean().describe('true: no longer offered for new posts; false: offered again'),
});

export const ZInfographicThemeConflictBody = ZErrorBody.extend({
  current_version: z.number().int().optional().describe('stale_version: the version the theme is at now'),
});

export const INFOGRAPHIC_THEME_MESSAGES = {
  created: 'Theme created',
  updated: 'Updated',
  retired: 'Theme retired',
  restored: 'Theme restored',
} as const;

/** POST /api/admin/infographics/preview: draws a design that is not saved (the editor's live preview). */
export const ZInfographicPreviewRequest = z.strictObject({
  design: ZInfographicDesign,
  content: ZInfographicContent,
});
export type TInfographicPreviewRequest = z.input<typeof ZInfographicPreviewRequest>;

/** The preview's fit travels in this header (JSON), beside the PNG body. */
export const INFOGRAPHIC_FIT_HEADER = 'x-infographic-fit';

// ─── Design assets (/admin/upload) ───────────────────────────────────────────────────────────────

export const DESIGN_ASSET_KIND_VALUES = ['image', 'background', 'font'] as const;
export type TDesignAssetKind = (typeof DESIGN_ASSET_KIND_VALUES)[number];

export const DESIGN_ASSET_KIND_LABELS: Record<TDesignAssetKind, string> = {
  image: 'Image',
  background: 'Background',
  font: 'Font',
};

/** Uploads: pictures up to this many bytes, fonts up to FONT_MAX_BYTES. */
export const DESIGN_PICTURE_MAX_BYTES = 15 * 1024 * 1024;
export const DESIGN_FONT_MAX_BYTES = 5 * 1024 * 1024;

export const ZDesignAsset = z.object({
  id: z.number().int(),
  kind: z.enum(DESIGN_ASSET_KIND_VALUES),
  name: z.string().describe('the file name it was uploaded as'),
  mime: z.string().describe('the type found from the content'),
  size_bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  font_family: z.string().nullable().describe('fonts: the family name the font declares'),
  file_uri: z.string(),
  thumbnail_uri: z.string().nullable(),
  used_by: z.array(z.object({ id: z.number().int(), name: z.string() })).describe('themes drawing with it'),
  created_at: z.string(),
});
export type TDesignAsset = z.infer<typeof ZDesignAsset>;

export const ZDesignAssetsQuery = z.object({
  kind: z.enum(DESIGN_ASSET_KIND_VALUES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(24),
});

export const ZDesignAssetsResponse = z.object({
  assets: z.array(ZDesignAsset).describe('newest first'),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TDesignAssetsResponse = z.infer<typeof ZDesignAssetsResponse>;

export const ZDesignAssetInUseBody = ZErrorBody.extend({
  used_by: z
    .array(z.object({ id: z.number().int(), name: z.string() }))
    .optional()
    .describe('asset_in_use: the themes drawing with the asset'),
});

export const ZDesignAssetResponse = z.object({
  message: z.string(),
  asset: ZDesignAsset,
  existing: z.boolean().describe('true: the same file was already uploaded, this is it'),
});
export type TDesignAssetResponse = z.infer<typeof ZDesignAssetResponse>;
