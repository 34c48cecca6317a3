export {
  InvalidImportUrlError,
  InvalidSearchUrlError,
  LinkedInChallengeError,
  LinkedInError,
  LinkedInNoteNotAllowedError,
  LinkedInNotFoundError,
  LinkedInRequestError,
  LinkedInSessionExpiredError,
  LinkedInThrottledError,
  LinkedInTimeoutError,
} from './errors';
export { createLinkedInGateway, type LinkedInGatewayOptions } from './gateway';
export { parseEventUrl, parseGroupUrl, parsePostUrl, parseProfileUrl } from './import-urls';
export { MAX_NOTE_LENGTH } from './invitations';
export { MAX_MESSAGE_LENGTH } from './messaging';
export { MAX_COMMENT_LENGTH } from './posts';
export { type PeopleSearchFilters, parsePeopleSearchUrl } from './search-url';
export type * from './types';
