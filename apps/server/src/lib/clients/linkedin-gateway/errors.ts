/**
 * What can go wrong talking to LinkedIn, as types the callers branch on. Messages name the call
 * (method and path) and never carry the session cookies.
 */
export class LinkedInError extends Error {
  override name = 'LinkedInError';
}

/** The li_at cookie no longer opens a session: 401, a redirect to the login page, or `li_at=delete me`. */
export class LinkedInSessionExpiredError extends LinkedInError {
  override name = 'LinkedInSessionExpiredError';
}

/** LinkedIn asks to slow down: HTTP 429, or its own 999 "request denied". */
export class LinkedInThrottledError extends LinkedInError {
  override name = 'LinkedInThrottledError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly status: number,
  ) {
    super(message);
  }
}

/** LinkedIn wants the member to pass a security check (`/checkpoint/challenge/…`) before going on. */
export class LinkedInChallengeError extends LinkedInError {
  override name = 'LinkedInChallengeError';
}

export class LinkedInNotFoundError extends LinkedInError {
  override name = 'LinkedInNotFoundError';
}

/** Any other refusal or failure; `status` is 0 when LinkedIn could not be reached at all. */
export class LinkedInRequestError extends LinkedInError {
  override name = 'LinkedInRequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** LinkedIn refused an invitation because it carried a note; the same invitation without one may go. */
export class LinkedInNoteNotAllowedError extends LinkedInRequestError {
  override name = 'LinkedInNoteNotAllowedError';
}

export class LinkedInTimeoutError extends LinkedInError {
  override name = 'LinkedInTimeoutError';
}

/** The text a user gave is not a LinkedIn people-search URL. */
export class InvalidSearchUrlError extends Error {
  override name = 'InvalidSearchUrlError';
}

/** The text a user gave is not the LinkedIn page an import method needs (a group, a post, …). */
export class InvalidImportUrlError extends Error {
  override name = 'InvalidImportUrlError';
}
