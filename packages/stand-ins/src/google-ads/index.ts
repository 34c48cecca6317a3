/** The Google Ads API's keyword ideas and Google's OAuth token endpoint, stood in for. */
export { standInGoogleAdsEnv } from './env';
export {
  STAND_IN_GOOGLE_ADS,
  type StandInCredentials,
  standInIdeasFor,
  standInMetrics,
} from './keyword-ideas';
export { startGoogleAdsStandIn } from './server';
export type { GoogleAdsStandIn, IdeasFailure } from './types';
