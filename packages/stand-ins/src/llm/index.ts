/** The stand-in model (OpenAI-compatible): what tests, journeys and benches import. */
export {
  LONG_NOTE,
  STAND_IN_COMMENT,
  STAND_IN_IMAGE_DESCRIPTION,
  STAND_IN_MESSAGES,
  STAND_IN_META,
  STAND_IN_OUTLINE,
  STAND_IN_RESEARCH,
  STAND_IN_SEARCH_AD,
  STAND_IN_SELECTION,
  STAND_IN_USAGE,
  standInAdCandidates,
  standInLinkedinPost,
  standInRewriteHtml,
  standInSectionHtml,
  standInSocialPost,
  standInTopicTitle,
} from './answers';
export { STAND_IN_CHAT_LEAD, STAND_IN_CHAT_PLAIN, STAND_IN_LONG_TAIL, standInChatTitle } from './chat';
export { standInLlmEnv } from './env';
export { standInPng } from './picture';
export { startLlmStandIn } from './server';
export type { LlmStandIn, RecordedRequest, StandInMode } from './types';
