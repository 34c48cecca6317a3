import type { AppDeps } from '../../app-deps';
import type { PromptPurpose } from '../../db/schema';
import type { ContentContext } from '../../lib/writers/content-writer/types';
import { loadInputTexts } from '../inputs/load-input-texts';
import { currentPrompt } from '../prompts/current-prompt';
import { loadBrandProfile } from '../website/brand-profile';

export type GenerationRequest = {
  userId: string;
  purpose: PromptPurpose;
  /** The user's chosen inputs; an id that is not theirs is refused by loadInputTexts (404). */
  inputIds?: readonly number[];
  itemId?: number;
};

/**
 * Everything one generation is grounded in, for any content screen (blogs, LinkedIn posts, later
 * socials and ads): the user's brand profile, the inputs they chose and the current prompt of the
 * purpose. Read together, before any model is asked, so a refused input costs nothing.
 */
export const loadGenerationContext = async (
  deps: Pick<AppDeps, 'db'>,
  { userId, purpose, inputIds = [], itemId }: GenerationRequest,
): Promise<ContentContext> => {
  const [brand, inputs, prompt] = await Promise.all([
    loadBrandProfile(deps.db, userId),
    inputIds.length > 0 ? loadInputTexts(deps.db, userId, inputIds) : Promise.resolve([]),
    currentPrompt(deps.db, purpose),
  ]);
  return { userId, brand, inputs, prompt, ...(itemId === undefined ? {} : { itemId }) };
};
