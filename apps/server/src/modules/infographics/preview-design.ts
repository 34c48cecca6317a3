import type { TInfographicContent, TInfographicDesign } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { hitThrottle, type ThrottleRule } from '../../lib/security/throttle';
import { type RenderedInfographic, renderInfographic } from '../../lib/writers/infographics';
import { assertDesignAssets } from './design-assets-check';
import { type PictureBrand, pictureBrandOf } from './picture-brand';
import { findAssetsOfDesign, readAssetsOfDesign } from './read-asset-bytes';
import { answeringRenderErrors } from './render-errors';

/**
 * What a design that takes the brand's look is previewed with when the admin's own site gave no look: one
 * colour no built-in theme uses, so the editor still shows what the option changes.
 */
export const SAMPLE_BRAND: PictureBrand['brand'] = { colors: ['#7c3aed'], logo: null };

/** The editor asks again after each pause in typing: generous for one admin, a stop for a runaway loop. */
export const PREVIEW_THROTTLE: ThrottleRule = {
  name: 'infographic-preview:admin',
  limit: 120,
  windowSeconds: 60,
};

/**
 * A design that is not saved, drawn with `content`, for the editor's live preview: never cached or
 * stored. The design's uploaded assets must exist and be of the right kind (400), as for a save. A design
 * that takes the brand's look is drawn in the admin's own (SAMPLE_BRAND when their site gave none).
 */
export const previewDesign = async (
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  adminId: string,
  input: { design: TInfographicDesign; content: TInfographicContent },
): Promise<RenderedInfographic> => {
  await hitThrottle(deps.db, deps.clock, PREVIEW_THROTTLE, adminId);
  await assertDesignAssets(deps.db, input.design);
  const assets = await findAssetsOfDesign(deps.db, input.design);
  const brand = input.design.use_brand_look
    ? ((await pictureBrandOf(deps, adminId))?.brand ?? SAMPLE_BRAND)
    : null;
  return answeringRenderErrors(async () =>
    renderInfographic({
      design: input.design,
      content: input.content,
      assets: await readAssetsOfDesign(deps.storage, input.design, assets),
      brand,
    }),
  );
};
