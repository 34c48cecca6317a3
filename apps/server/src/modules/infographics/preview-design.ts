import type { TInfographicContent, TInfographicDesign } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { hitThrottle, type ThrottleRule } from '../../lib/security/throttle';
import { type RenderedInfographic, renderInfographic } from '../../lib/writers/infographics';
import { assertDesignAssets } from './design-assets-check';
import { findAssetsOfDesign, readAssetsOfDesign } from './read-asset-bytes';
import { answeringRenderErrors } from './render-errors';

/** The editor asks again after each pause in typing: generous for one admin, a stop for a runaway loop. */
export const PREVIEW_THROTTLE: ThrottleRule = {
  name: 'infographic-preview:admin',
  limit: 120,
  windowSeconds: 60,
};

/**
 * A design that is not saved, drawn with `content`, for the editor's live preview: never cached or
 * stored. The design's uploaded assets must exist and be of the right kind (400), as for a save.
 */
export const previewDesign = async (
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  adminId: string,
  input: { design: TInfographicDesign; content: TInfographicContent },
): Promise<RenderedInfographic> => {
  await hitThrottle(deps.db, deps.clock, PREVIEW_THROTTLE, adminId);
  await assertDesignAssets(deps.db, input.design);
  const assets = await findAssetsOfDesign(deps.db, input.design);
  return answeringRenderErrors(async () =>
    renderInfographic({
      design: input.design,
      content: input.content,
      assets: await readAssetsOfDesign(deps.storage, input.design, assets),
    }),
  );
};
