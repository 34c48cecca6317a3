/**
 * What every publishing client (LinkedIn, Facebook, Instagram, WordPress) answers, so the publishing
 * engine decides the same way for every platform: retry, pause, ask the user to reconnect, or read the
 * platform back before doing anything else.
 */

/**
 * - auth_expired: the token or password no longer works (expired, changed); the user reconnects.
 * - revoked: the user or the platform withdrew our access; the user reconnects.
 * - rate_limited: too many calls right now; wait `retryAfterSeconds` (or a back-off) and try again.
 * - quota: a daily/rolling publishing allowance is used up; pause until it resets.
 * - duplicate: the platform refuses the same content twice; never retried.
 * - invalid: the platform refuses this content or request as it is; retrying will not help.
 * - unavailable: the platform failed before doing anything (5xx, network, refused); safe to retry.
 * - unknown_outcome: the platform may have done it (time-out or 5xx after sending); read back before any retry.
 */
export type PublishErrorKind =
  | 'auth_expired'
  | 'revoked'
  | 'rate_limited'
  | 'quota'
  | 'duplicate'
  | 'invalid'
  | 'unavailable'
  | 'unknown_outcome';

export const PUBLISH_ERROR_KINDS: readonly PublishErrorKind[] = [
  'auth_expired',
  'revoked',
  'rate_limited',
  'quota',
  'duplicate',
  'invalid',
  'unavailable',
  'unknown_outcome',
];

export type PublishErrorOptions = {
  /** Which platform said it, for logs and the user's notice ("linkedin", "wordpress", …). */
  platform: string;
  /** The HTTP status the platform answered, when it answered. */
  status?: number;
  /** Seconds the platform asked us to wait (Retry-After, Meta's estimated time to regain access). */
  retryAfterSeconds?: number;
  /** The platform's own error code ("DUPLICATE_POST", "65600", "rest_cannot_create", "190"…). */
  code?: string;
  /** For a duplicate: the platform's id of the post it already has, when it says so. */
  duplicateOf?: string;
  cause?: unknown;
};

/**
 * A platform call that did not publish (or may have). `message` is the platform's reason in words a
 * user can read; it never holds a token, password or signed URL.
 */
export class PublishError extends Error {
  override readonly name = 'PublishError';
  readonly platform: string;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly code: string | undefined;
  readonly duplicateOf: string | undefined;

  constructor(
    readonly kind: PublishErrorKind,
    message: string,
    options: PublishErrorOptions,
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.platform = options.platform;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.code = options.code;
    this.duplicateOf = options.duplicateOf;
  }

  /** The user must connect the account again before anything else can be published to it. */
  get needsReconnect(): boolean {
    return this.kind === 'auth_expired' || this.kind === 'revoked';
  }

  /** Trying the very same call again later may work, without risking a second post. */
  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'quota' || this.kind === 'unavailable';
  }
}

export const isPublishError = (error: unknown): error is PublishError => error instanceof PublishError;

/** A post the platform holds: its own id (LinkedIn URN, WordPress post id…) and where people see it. */
export type PublishedPost = {
  externalId: string;
  url: string;
};

/**
 * Retry-After is either seconds or an HTTP date; answers whole seconds (at least 1), or undefined
 * when the header is missing or unreadable.
 */
export const parseRetryAfter = (
  value: string | null | undefined,
  now: Date = new Date(),
): number | undefined => {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.max(1, Number.parseInt(trimmed, 10));
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
};
