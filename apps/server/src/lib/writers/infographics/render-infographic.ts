import {
  type TInfographicContentInput,
  type TInfographicDesignInput,
  type TInfographicFit,
  type TInfographicFont,
  type TInfographicLayout,
  ZInfographicContent,
  ZInfographicDesign,
} from '@sales-assist/contract';
import type satori from 'satori';
import { loadOnce } from '../../core/load-once';
import { backgroundDataUrl } from './background';
import { brandedPalette, type InfographicBrand, logoDataUrl } from './brand-look';
import { InfographicAssetMissingError, InfographicFontError } from './errors';
import { fitLayout } from './fit-layout';
import { bundledFamily, fallbackFamily, type LoadedFace, type LoadedFamily, uploadedFamily } from './fonts';
import type { Layout, LayoutContext } from './layout-types';
import { bigNumberLayout } from './layouts/big-number';
import { cardsLayout } from './layouts/cards';
import { listLayout } from './layouts/list';
import { quoteLayout } from './layouts/quote';
import { box, type Node } from './nodes';
import { pixelSize } from './sizes';
import { wrapText } from './wrap-text';

const LAYOUTS: Record<TInfographicLayout, Layout> = {
  cards: cardsLayout,
  list: listLayout,
  quote: quoteLayout,
  big_number: bigNumberLayout,
};

/** The bytes of the uploaded files a design names (the caller reads them; this code knows no database). */
export type InfographicAssets = {
  /** Uploaded fonts by asset id. */
  fonts?: ReadonlyMap<number, Buffer>;
  /** The background picture's bytes, when the design has one. */
  background?: Buffer | null;
};

export type RenderedInfographic = { png: Buffer; width: number; height: number; fit: TInfographicFit };

const familyOf = (font: TInfographicFont, assets: InfographicAssets): LoadedFamily => {
  if ('bundled' in font) return bundledFamily(font.bundled);
  const bytes = assets.fonts?.get(font.asset_id);
  if (!bytes) throw new InfographicAssetMissingError(font.asset_id, 'font');
  return uploadedFamily(font.asset_id, bytes);
};

/**
 * satori keeps the fonts it parsed for as long as it is given the very same array, so each set of
 * faces gets one array, made once.
 */
const fontLists = new Map<string, { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[]>();
const satoriFonts = (faces: LoadedFace[]) => {
  const unique = [...new Map(faces.map((face) => [`${face.name}:${face.weight}`, face])).values()];
  const key = unique.map((face) => `${face.name}:${face.weight}:${face.data.length}`).join('|');
  let list = fontLists.get(key);
  if (!list) {
    list = unique.map((face) => ({
      name: face.name,
      data: face.data,
      weight: face.weight,
      style: 'normal' as const,
    }));
    if (fontLists.size > 64) fontLists.clear();
    fontLists.set(key, list);
  }
  return list;
};

/** The drawing packages, loaded at the first picture drawn, not with the server (lib/core/load-once.ts). */
const loadSatori = loadOnce(async () => (await import('satori')).default);
const loadResvg = loadOnce(async () => (await import('@resvg/resvg-js')).Resvg);

const toSvg = async (element: Node, width: number, height: number, faces: LoadedFace[]): Promise<string> => {
  const satori = await loadSatori();
  try {
    // satori's types want a React node; the plain element objects are exactly what it reads.
    return await satori(element as unknown as Parameters<typeof satori>[0], {
      width,
      height,
      fonts: satoriFonts(faces),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // satori parses the fonts itself: an uploaded font it cannot read fails here.
    const uploaded = faces.find((face) => face.name.startsWith('asset-'));
    if (uploaded && /font|glyph|table|parse|offset/i.test(message))
      throw new InfographicFontError(`uploaded font ${uploaded.name.slice('asset-'.length)}`, message);
    throw error;
  }
};

const toPng = async (svg: string, width: number): Promise<Buffer> =>
  new (await loadResvg())(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } })
    .render()
    .asPng();

/**
 * Draws one infographic: the design's layout filled with the content, at the design's size, with its
 * colours, fonts (bundled, or uploaded ones passed as bytes), background picture and footer; a design
 * that takes the brand's look is drawn in the brand's colours with its logo in the footer (brand-look.ts). Text that
 * does not fit is made smaller, then cut at a word with "…", then left out; `fit` reports every change.
 * Throws InfographicFontError, InfographicAssetMissingError or InfographicPictureError for bad assets.
 */
export const renderInfographic = async (input: {
  design: TInfographicDesignInput;
  content: TInfographicContentInput;
  assets?: InfographicAssets;
  /** The brand the picture is for: drawn with only when the design takes the brand's look. */
  brand?: InfographicBrand | null;
}): Promise<RenderedInfographic> => {
  const parsed = ZInfographicDesign.parse(input.design);
  const brand = parsed.use_brand_look ? (input.brand ?? null) : null;
  const design = brand ? { ...parsed, colors: brandedPalette(parsed.colors, brand.colors) } : parsed;
  const content = ZInfographicContent.parse(input.content);
  const assets = input.assets ?? {};
  const { width, height } = pixelSize(design.size);
  const unit = Math.sqrt(width * height) / 1080;
  const heading = familyOf(design.heading_font, assets);
  const body = familyOf(design.body_font, assets);
  const { colors } = design;
  const padding = Math.round(80 * unit);

  const drawn = drawFooter({
    text: design.show_footer ? content.footer : '',
    logo: design.show_footer ? (brand?.logo ?? null) : null,
    family: body,
    colors,
    unit,
    width: width - padding * 2,
  });
  const footer = drawn?.node ?? null;
  const footerHeight = drawn?.height ?? 0;
  const footerCut = drawn?.cut ?? false;

  const ctx: LayoutContext = {
    width,
    height,
    unit,
    design,
    content,
    heading,
    body,
    inner: { width: width - padding * 2, height: height - padding * 2 - footerHeight },
  };
  const { laid, fit } = fitLayout(LAYOUTS[design.layout], ctx);
  if (footerCut) {
    fit.cut.push('Footer');
    fit.notes.push('Footer was cut short to fit (it ends with "…").');
  }

  let backgroundLayer: Node | null = null;
  if (design.background_asset_id !== null) {
    if (!assets.background)
      throw new InfographicAssetMissingError(design.background_asset_id, 'background picture');
    const src = await backgroundDataUrl(assets.background, width, height);
    backgroundLayer = {
      type: 'img',
      props: {
        src,
        width,
        height,
        style: {
          position: 'absolute',
          top: 0,
          left: 0,
          width,
          height,
          opacity: design.background_opacity / 100,
        },
      },
    };
  }

  const root = box(
    {
      position: 'relative',
      width,
      height,
      backgroundColor: colors.background,
      flexDirection: 'column',
    },
    ...(backgroundLayer ? [backgroundLayer] : []),
    // Over the picture, not after it: satori lays an absolute box out in the flow of its parent too.
    box(
      {
        position: 'absolute',
        top: 0,
        left: 0,
        flexDirection: 'column',
        width,
        height,
        padding,
        justifyContent: 'space-between',
      },
      laid.element,
      ...(footer ? [footer] : []),
    ),
  );
  const fallback = fallbackFamily();
  const svg = await toSvg(root, width, height, [
    heading.regular,
    heading.bold,
    body.regular,
    body.bold,
    fallback.regular,
    fallback.bold,
  ]);
  return { png: await toPng(svg, width), width, height, fit };
};

/**
 * The footer: the company's name and site on one line (cut with "…" to fit), after the brand's logo when
 * there is one (drawn 1.7 times the text's size high, at most four times as wide as high), else after a
 * small square in the accent colour. Null when there is neither text nor logo.
 */
const drawFooter = (input: {
  text: string;
  logo: InfographicBrand['logo'];
  family: LoadedFamily;
  colors: { accent: string; muted: string };
  unit: number;
  width: number;
}): { node: Node; height: number; cut: boolean } | null => {
  const { text, logo, family, colors, unit } = input;
  if (!text && !logo) return null;
  const size = Math.round(26 * unit);
  const gap = Math.round(14 * unit);
  const logoHeight = Math.round(size * 1.7);
  const logoWidth = logo ? Math.min(Math.round((logoHeight * logo.width) / logo.height), logoHeight * 4) : 0;
  const mark: Node = logo
    ? {
        type: 'img',
        props: {
          src: logoDataUrl(logo),
          width: logoWidth,
          height: logoHeight,
          style: { width: logoWidth, height: logoHeight, objectFit: 'contain', marginRight: text ? gap : 0 },
        },
      }
    : box({ width: gap, height: gap, borderRadius: 3, backgroundColor: colors.accent, marginRight: gap });
  const markWidth = logo ? logoWidth + (text ? gap : 0) : gap * 2;
  const wrapped = text ? wrapText(family.bold, text, size, input.width - markWidth, 1) : null;
  const lineHeight = Math.max(Math.round(size * 1.3), logo ? logoHeight : 0);
  const marginTop = Math.round(36 * unit);
  return {
    node: box(
      { flexDirection: 'row', alignItems: 'center', height: lineHeight, marginTop },
      mark,
      ...(wrapped
        ? [
            box(
              {
                fontFamily: family.bold.name,
                fontWeight: 700,
                fontSize: size,
                color: colors.muted,
                whiteSpace: 'pre',
              },
              wrapped.lines[0] ?? '',
            ),
          ]
        : []),
    ),
    height: lineHeight + marginTop,
    cut: wrapped?.cut ?? false,
  };
};
