import {
  GOOGLE_AD_MESSAGES,
  googleAdFieldName,
  type TRegenerateGoogleAdFieldRequest,
  type TRegenerateGoogleAdFieldResponse,
  ZRegenerateGoogleAdFieldRequest,
} from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { isAiAborted } from '../../lib/clients/ai/ai-errors';
import type { SearchAd, Written } from '../../lib/writers/content-writer/types';
import { loadGenerationContext } from '../content/generation-context';
import { adDataOf } from './ad-view';
import { findAd } from './find-ad';

/**
 * Writes one headline, description or path again with the rest of the ad as context (the editor's
 * fields as sent, or the saved ones), so the new text repeats none of them. Nothing is saved and no
 * plan unit is taken (the ad was counted when it was made): the editor puts the text in place and
 * Save keeps it. The answer carries every other field exactly as it came.
 */
export const regenerateField = async (
  deps: Pick<AppDeps, 'db' | 'content'>,
  userId: string,
  id: number,
  input: TRegenerateGoogleAdFieldRequest,
): Promise<TRegenerateGoogleAdFieldResponse> => {
  const request = ZRegenerateGoogleAdFieldRequest.parse(input);
  const row = await findAd(deps.db, userId, id);
  const saved = adDataOf(row);
  const ad: SearchAd = {
    headlines: request.headlines ?? saved.headlines,
    descriptions: request.descriptions ?? saved.descriptions,
    paths: [request.path1 ?? saved.path1, request.path2 ?? saved.path2],
  };
  const { field, index } = request;
  if (field !== 'path') {
    const list = field === 'headline' ? ad.headlines : ad.descriptions;
    // The next empty slot may be written (the editor's "add" then "regenerate"); beyond it is no field.
    if (index > list.length) {
      throw new AppError(400, 'validation_error', `${googleAdFieldName(field, index)} is not in the ad`);
    }
  }
  const context = await loadGenerationContext(deps, { userId, purpose: 'ad_copy', itemId: id });
  let written: Written<string | null>;
  try {
    written = await deps.content.rewriteSearchAdField(context, {
      landingUrl: saved.landingUrl,
      landingPage: saved.landing.page,
      keywords: saved.keywords,
      ad,
      field,
      index,
    });
  } catch (error) {
    if (isAiAborted(error)) throw error;
    throw new AppError(502, 'generation_failed', GOOGLE_AD_MESSAGES.generationFailed);
  }
  const text = written.result;
  if (text === null) throw new AppError(409, 'conflict', GOOGLE_AD_MESSAGES.noNewText);
  const replace = (list: readonly string[]) => {
    const next = [...list];
    next[index] = text;
    return next;
  };
  return {
    field,
    index,
    text,
    headlines: field === 'headline' ? replace(ad.headlines) : [...ad.headlines],
    descriptions: field === 'description' ? replace(ad.descriptions) : [...ad.descriptions],
    path1: field === 'path' && index === 0 ? text : ad.paths[0],
    path2: field === 'path' && index === 1 ? text : ad.paths[1],
    writer: written.writer,
    fallback_reason: written.fallbackReason ?? null,
  };
};
