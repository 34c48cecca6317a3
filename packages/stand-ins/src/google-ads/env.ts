import { STAND_IN_GOOGLE_ADS } from './keyword-ideas';
import type { GoogleAdsStandIn } from './types';

/** The GOOGLE_ADS_* variables that point the app at a running stand-in. */
export const standInGoogleAdsEnv = (
  standIn: GoogleAdsStandIn,
  credentials = STAND_IN_GOOGLE_ADS,
): Record<string, string> => ({
  GOOGLE_ADS_DEVELOPER_TOKEN: credentials.developerToken,
  GOOGLE_ADS_CUSTOMER_ID: `${credentials.customerId.slice(0, 3)}-${credentials.customerId.slice(3, 6)}-${credentials.customerId.slice(6)}`,
  ...(credentials.loginCustomerId ? { GOOGLE_ADS_LOGIN_CUSTOMER_ID: credentials.loginCustomerId } : {}),
  GOOGLE_ADS_CLIENT_ID: credentials.clientId,
  GOOGLE_ADS_CLIENT_SECRET: credentials.clientSecret,
  GOOGLE_ADS_REFRESH_TOKEN: credentials.refreshToken,
  GOOGLE_ADS_API_BASE_URL: standIn.url,
  GOOGLE_ADS_OAUTH_TOKEN_URL: `${standIn.url}/token`,
  GOOGLE_ADS_API_VERSION: 'v21',
});
