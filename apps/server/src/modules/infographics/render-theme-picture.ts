import { createHash } from 'node:crypto';
import {
  type TInfographicContentInput,
  type TInfographicDesign,
  type TInfographicFit,
  ZInfographicContent,
  ZInfographicDesign,
} from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { infographicThemes, renderedImages } from '../../db/schema';
import { notFound } from '../../http/errors';
import { renderInfographic } from '../../lib/writers/infographics';
import { type PictureBrand, pictureBrandOf } from './picture-brand';
import { findAssetsOfDesign, readAssetsOfDesign } from './read-asset-bytes';

/**
 * Bumped when the renderer draws differently (layouts, fitting): pictures cached by an older renderer
 * are then drawn again instead of reused.
 */
export const RENDERER_VERSION = 1;

export const THEME_NOT_FOUND = 'No such theme';

export type ThemePicture = {
  /** SHA-256 of everything the picture was drawn from. */
  cacheKey: string;
  /** Where the PNG is (deps.storage); serve it with readRenderedPicture. */
  storageKey: string;
  mime: 'image/png';
  width: number;
  height: number;
  /** What was shrunk, cut or left out to fit: tell the user. */
  fit: TInfographicFit;
  /** true: the picture was drawn before and read from the cache. */
  cached: boolean;
  /** true: drawn in the brand's look of the user it is for (it changes when their site is read again). */
  branded: boolean;
};

const NO_CHANGES: TInfographicFit = { scale: 1, shrunk: false, cut: [], dropped: [], notes: [] };

const cacheKeyOf = (parts: {
  themeId: number;
  version: number;
  design: TInfographicDesign;
  content: unknown;
  assets: { id: number; sha256: string }[];
  /** The brand drawn with (its colours and logo's SHA-256), for a theme that takes the brand's look. */
  brand?: PictureBrand['key'];
}): string =>
  createHash('sha256')
    .update(JSON.stringify({ renderer: RENDERER_VERSION, ...parts }))
    .digest('hex');

/** The storage key of a cached picture: made from its cache key, so two renders of one key write one file. */
const renderedKey = (cacheKey: string) => `rendered/${cacheKey.slice(0, 2)}/${cacheKey}.png`;

/**
 * A theme's picture of `content`, drawn once and then read from the cache. The cache key is the SHA-256
 * of the theme's id, version and design, the content, the SHA-256 of every uploaded asset it draws
 * with, and for a theme that takes the brand's look the brand's colours and logo; so a design edit (new version) or a changed asset gives a new picture, and the same post drawn
 * again costs one indexed read. Two renders of the same key at once both succeed (the file is written
 * under a key made from the cache key, the row inserted ON CONFLICT DO NOTHING). Retired themes still
 * draw (posts made with them keep their pictures). 404 (AppError) for an unknown theme; the renderer's
 * typed errors (InfographicAssetMissingError, InfographicFontError) pass through. A picture whose file was
 * lost is drawn again under the same key when `ensureStored` asks for the check.
 */
export const renderThemePicture = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  input: {
    themeId: number;
    content: TInfographicContentInput;
    /**
     * Check that a cached picture's file is still in storage and draw it again if not (one more storage
     * call: a file stat locally, a HEAD on S3). For callers about to serve the file.
     */
    ensureStored?: boolean;
    /**
     * The user the picture is for: a theme that takes the brand's look draws it in their colours with their
     * logo (picture-brand.ts). Without one, or for other themes, the theme's own look.
     */
    forUser?: string;
  },
): Promise<ThemePicture> => {
  const [theme] = await deps.db
    .select({
      id: infographicThemes.id,
      version: infographicThemes.version,
      design: infographicThemes.design,
    })
    .from(infographicThemes)
    .where(eq(infographicThemes.id, input.themeId));
  if (!theme) throw notFound(THEME_NOT_FOUND);
  const design = ZInfographicDesign.parse(theme.design);
  const content = ZInfographicContent.parse(input.content);
  const assets = await findAssetsOfDesign(deps.db, design);
  const branded = design.use_brand_look && input.forUser ? await pictureBrandOf(deps, input.forUser) : null;
  const cacheKey = cacheKeyOf({
    themeId: theme.id,
    version: theme.version,
    design,
    content,
    assets: [...assets.values()]
      .map((asset) => ({ id: asset.id, sha256: asset.sha256 }))
      .sort((a, b) => a.id - b.id),
    // Named only when drawn with: the keys of every other picture stay as they were.
    ...(branded ? { brand: branded.key } : {}),
  });

  const [hit] = await deps.db.select().from(renderedImages).where(eq(renderedImages.cacheKey, cacheKey));
  if (hit && (!input.ensureStored || (await deps.storage.exists(hit.storageKey))))
    return {
      cacheKey,
      storageKey: hit.storageKey,
      mime: 'image/png',
      width: hit.width,
      height: hit.height,
      fit: hit.fit ?? NO_CHANGES,
      cached: true,
      branded: branded !== null,
    };

  const picture = await renderInfographic({
    design,
    content,
    assets: await readAssetsOfDesign(deps.storage, design, assets),
    brand: branded?.brand ?? null,
  });
  const storageKey = renderedKey(cacheKey);
  await deps.storage.put(storageKey, picture.png, 'image/png');
  await deps.db
    .insert(renderedImages)
    .values({
      cacheKey,
      storageKey,
      mime: 'image/png',
      width: picture.width,
      height: picture.height,
      sizeBytes: picture.png.length,
      fit: picture.fit,
    })
    .onConflictDoNothing();
  return {
    cacheKey,
    storageKey,
    mime: 'image/png',
    width: picture.width,
    height: picture.height,
    fit: picture.fit,
    cached: false,
    branded: branded !== null,
  };
};
