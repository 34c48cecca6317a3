import {
  BUNDLED_FONT_FAMILIES,
  INFOGRAPHIC_SAMPLE_CONTENT,
  type TAdminInfographicTheme,
  type TInfographicContentInput,
  type TInfographicDesign,
  type TInfographicFont,
} from '@sales-assist/contract';

/** A new theme starts from a calm, readable design. */
export const NEW_DESIGN: TInfographicDesign = {
  layout: 'cards',
  size: '1080x1080',
  colors: { background: '#FFFFFF', surface: '#F1F5F9', text: '#0F172A', accent: '#2563EB', muted: '#64748B' },
  heading_font: { bundled: 'Inter' },
  body_font: { bundled: 'Inter' },
  background_asset_id: null,
  background_opacity: 100,
  show_footer: true,
  use_brand_look: false,
};

/** The editor's sample fields: the points as one line each. */
export type TSampleFields = { headline: string; points: string; stat: string; footer: string };

export const SAMPLE_FIELDS: TSampleFields = {
  headline: INFOGRAPHIC_SAMPLE_CONTENT.headline,
  points: INFOGRAPHIC_SAMPLE_CONTENT.points.join('\n'),
  stat: INFOGRAPHIC_SAMPLE_CONTENT.stat,
  footer: INFOGRAPHIC_SAMPLE_CONTENT.footer,
};

export const contentOf = (fields: TSampleFields): TInfographicContentInput => ({
  headline: fields.headline,
  points: fields.points
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
  stat: fields.stat.trim() || null,
  footer: fields.footer,
});

/** A font as a Select value: "bundled:Inter" or "asset:12". */
export const fontValue = (font: TInfographicFont): string =>
  'bundled' in font ? `bundled:${font.bundled}` : `asset:${font.asset_id}`;

export const fontOfValue = (value: string): TInfographicFont => {
  if (value.startsWith('asset:')) return { asset_id: Number(value.slice('asset:'.length)) };
  const family = BUNDLED_FONT_FAMILIES.find((name) => `bundled:${name}` === value);
  return { bundled: family ?? 'Inter' };
};

export type TEditing = { mode: 'create' } | { mode: 'edit'; theme: TAdminInfographicTheme };
