import type { TInfographicDesign } from '@sales-assist/contract';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';

extend([a11yPlugin, mixPlugin]);

/** The brand a picture is drawn for, when its theme takes the brand's look. */
export type InfographicBrand = {
  /** The colours read from the brand's site, most telling first (#rrggbb). */
  colors: readonly string[];
  /** The brand's logo as a PNG, with its size in pixels. */
  logo: { png: Buffer; width: number; height: number } | null;
};

type Palette = TInfographicDesign['colors'];

/**
 * WCAG 2's contrast for graphics and large text (1.4.11, 1.4.3): an accent below it is lost on the
 * background (numbers in circles, the figure of a big-number picture, the cards' bars).
 */
const ACCENT_CONTRAST = 3;
/** WCAG 2's contrast for body text, kept between the text and the tinted surface it sits on. */
const TEXT_CONTRAST = 4.5;
/** How much of the accent the surface takes: a hint of the brand behind the cards, not a second colour. */
const SURFACE_TINT = 0.12;

/**
 * The brand's accent for a palette: the first of the brand's colours that reads on the theme's
 * background; when none does, the first one moved toward the theme's text colour, a tenth at a time,
 * until it reads (so a pale brand on a white theme still gets its hue). Null without brand colours.
 */
const accentFor = (palette: Palette, brandColors: readonly string[]): string | null => {
  const readable = brandColors.find(
    (color) => colord(color).isValid() && colord(color).contrast(palette.background) >= ACCENT_CONTRAST,
  );
  if (readable) return colord(readable).toHex();
  const first = brandColors.find((color) => colord(color).isValid());
  if (!first) return null;
  for (let share = 0.1; share <= 1.0001; share += 0.1) {
    const moved = colord(first).mix(palette.text, share);
    if (moved.contrast(palette.background) >= ACCENT_CONTRAST) return moved.toHex();
  }
  return null;
};

/**
 * The theme's palette in the brand's colours: the accent becomes the brand's (see accentFor) and the
 * surface takes a tint of it while the text still reads on it. Background, text and muted stay the
 * theme's: they carry the reading, which the theme's designer checked.
 */
export const brandedPalette = (palette: Palette, brandColors: readonly string[]): Palette => {
  const accent = accentFor(palette, brandColors);
  if (!accent) return palette;
  const tinted = colord(palette.surface).mix(accent, SURFACE_TINT);
  return {
    ...palette,
    accent,
    surface: tinted.contrast(palette.text) >= TEXT_CONTRAST ? tinted.toHex() : palette.surface,
  };
};

/** The logo as satori embeds it. */
export const logoDataUrl = (logo: NonNullable<InfographicBrand['logo']>): string =>
  `data:image/png;base64,${logo.png.toString('base64')}`;
