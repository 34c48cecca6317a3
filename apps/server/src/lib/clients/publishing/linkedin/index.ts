/** Publishing to members' LinkedIn feeds: OAuth 3-legged connection, identity, posts with pictures, read-back. */
export {
  apiVersionAgeMonths,
  LINKEDIN_SCOPES,
  type LinkedInClientConfig,
  linkedInClientConfigOf,
} from './config';
export { duplicateOfUrn } from './errors';
export { escapeLittleText, LINKEDIN_COMMENTARY_MAX, plainOfLittleText } from './little-text';
export {
  exchangeLinkedInCode,
  getLinkedInMember,
  introspectLinkedInToken,
  LINKEDIN_TOKEN_DAYS,
  type LinkedInMember,
  type LinkedInToken,
  type LinkedInTokenHealth,
  linkedInAuthorizationUrl,
  personUrn,
  revokeLinkedInToken,
  TOKEN_WARNING_DAYS,
  tokenDaysLeft,
  tokenExpiresAt,
  tokenNeedsWarning,
} from './oauth';
export {
  entityOf,
  LINKEDIN_ANALYTICS_SCOPE,
  LINKEDIN_POST_METRICS,
  mayReadPostAnalytics,
  readLinkedInPostFigures,
} from './post-statistics';
export {
  findLinkedInPost,
  type LinkedInImageInput,
  type LinkedInLookup,
  type LinkedInPostInput,
  type LinkedInPostRead,
  linkedInPostUrl,
  publishLinkedInPost,
  readLinkedInPost,
  uploadLinkedInImage,
} from './posts';
