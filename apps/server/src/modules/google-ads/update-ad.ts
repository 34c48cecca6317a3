import {
  GOOGLE_AD_MESSAGES,
  googleAdProblems,
  type TGoogleAd,
  type TUpdateGoogleAdRequest,
  ZUpdateGoogleAdRequest,
} from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { adDataOf, adView, type GoogleAdData, titleAndBody } from './ad-view';
import { findAd, isAdOf } from './find-ad';

const clean = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * Saves a person's edit of an ad. Every field is checked against Google's limits (the contract's
 * googleAdProblems, the same check the editor runs live): the first problem answers 400 naming the
 * field ("Headline 3 is 34 characters; at most 30"), and nothing is saved.
 */
export const updateAd = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  id: number,
  input: TUpdateGoogleAdRequest,
): Promise<TGoogleAd> => {
  const request = ZUpdateGoogleAdRequest.parse(input);
  const fields = {
    headlines: request.headlines.map(clean),
    descriptions: request.descriptions.map(clean),
    path1: request.path1.trim(),
    path2: request.path2.trim(),
  };
  const [problem] = googleAdProblems(fields);
  if (problem)
    throw new AppError(400, 'validation_error', problem.message, {
      field: problem.field,
      index: problem.index,
    });
  const row = await findAd(deps.db, userId, id);
  const earlier = adDataOf(row);
  const data: GoogleAdData = {
    ...earlier,
    ...fields,
    landingUrl: request.landing_url || earlier.landingUrl,
    campaign: request.campaign ?? earlier.campaign,
    adGroup: request.ad_group ?? earlier.adGroup,
  };
  const [saved] = await deps.db
    .update(contentItems)
    .set({ ...titleAndBody(data), data, updatedAt: deps.clock.now() })
    .where(isAdOf(userId, id))
    .returning();
  if (!saved) throw notFound(GOOGLE_AD_MESSAGES.adNotFound);
  return adView(saved);
};
