import { z } from 'zod';
import { PublishError, type PublishErrorKind } from '../types';
import { type MetaUsage, usagePauseSeconds } from './usage';

/**
 * Graph API refusals as PublishError kinds the publishing engine branches on. The platform's reason is
 * Graph's own message (with any token cut out), so the calendar can show the user why.
 */

export const ZGraphError = z.object({
  error: z.object({
    message: z.string().default(''),
    type: z.string().optional(),
    code: z.coerce.number().int().optional(),
    error_subcode: z.coerce.number().int().optional(),
    error_user_title: z.string().optional(),
    error_user_msg: z.string().optional(),
    is_transient: z.boolean().optional(),
    fbtrace_id: z.string().optional(),
  }),
});
export type GraphErrorBody = z.infer<typeof ZGraphError>['error'];

/** 190 subcodes that mean the person (or Meta for them) took the app's access away: only a new login helps. */
const REVOKED_SUBCODES = new Set([458, 459, 460, 464]);
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
/** Meta's business use case throttles (80001 pages, 80002 Instagram, …). */
const isBusinessThrottle = (code: number) => code >= 80_000 && code <= 80_014;
/** Instagram's "reached the maximum number of posts allowed in 24 hours". */
const QUOTA_SUBCODE = 2_207_042;
/** How long to wait after a rate-limit refusal when the usage headers tell nothing longer. */
export const RATE_LIMIT_PAUSE_SECONDS = 900;
/** Code 368: Meta blocked the page from posting for a while (policy); an hour before trying again. */
export const BLOCKED_PAUSE_SECONDS = 3_600;
/** The quota is a rolling 24 hours: look again in an hour. */
export const QUOTA_PAUSE_SECONDS = 3_600;

export type MetaPlatform = 'facebook' | 'instagram';

export type CallKind = {
  /** The call makes something public (a post, a photo, media_publish): a doubtful answer is unknown_outcome. */
  publishing: boolean;
  /** What was being done ("Post on the Facebook page"), for logs; never ids or tokens. */
  what: string;
  platform: MetaPlatform;
};

/** A PublishError whose message is Meta's reason (or ours, when Meta said nothing). */
export const metaError = (
  kind: PublishErrorKind,
  reason: string,
  call: Pick<CallKind, 'platform'>,
  extra: { status?: number; code?: string; retryAfterSeconds?: number; cause?: unknown } = {},
) => new PublishError(kind, reason, { platform: call.platform, ...extra });

/** Maps a Graph refusal (its HTTP status, error body and usage headers) to the PublishError it means. */
export const graphRefusal = (
  status: number,
  body: GraphErrorBody | null,
  usage: MetaUsage,
  call: CallKind,
): PublishError => {
  const reason =
    [body?.error_user_title, body?.message].filter(Boolean).join(' — ') || `Meta answered HTTP ${status}`;
  const code = body?.code ?? 0;
  const subcode = body?.error_subcode ?? 0;
  const codeText = body?.code === undefined ? undefined : subcode ? `${code}/${subcode}` : String(code);
  const make = (kind: PublishErrorKind, why: string, retryAfterSeconds?: number) =>
    metaError(kind, why, call, { status, code: codeText, retryAfterSeconds });
  if (code === 190 || code === 102) {
    return make(REVOKED_SUBCODES.has(subcode) ? 'revoked' : 'auth_expired', reason);
  }
  // The person took back a permission the app needs (e.g. pages_manage_posts): a new login grants it again.
  if (code === 10 || (code >= 200 && code <= 299)) return make('revoked', reason);
  if (RATE_LIMIT_CODES.has(code) || isBusinessThrottle(code)) {
    return make('rate_limited', reason, Math.max(RATE_LIMIT_PAUSE_SECONDS, usagePauseSeconds(usage)));
  }
  if (code === 368) return make('rate_limited', reason, BLOCKED_PAUSE_SECONDS);
  if (subcode === QUOTA_SUBCODE || (code === 9 && call.publishing)) {
    return make('quota', reason, QUOTA_PAUSE_SECONDS);
  }
  if (code === 506) return make('duplicate', reason);
  // Meta failed on its side (unknown error, service down, 5xx): for a publishing call it may have posted.
  // Code 1 is also "Error validating client secret": only a transient or 5xx code 1 is Meta failing.
  const transient = body?.is_transient === true || code === 2 || status >= 500 || !body;
  if (transient) return make(call.publishing ? 'unknown_outcome' : 'unavailable', reason);
  return make('invalid', reason);
};

/** No answer at all: refused connection (never sent) or a time-out / cut connection (maybe done). */
export const transportFailure = (error: unknown, call: CallKind, timeoutMs: number): PublishError => {
  const cause = (error as { cause?: { code?: string } } | null)?.cause?.code;
  const name = (error as { name?: string } | null)?.name;
  const timedOut = name === 'TimeoutError' || name === 'AbortError';
  const reason = timedOut
    ? `Meta did not answer within ${Math.round(timeoutMs / 1000)} s`
    : `Meta could not be reached${cause ? ` (${cause})` : ''}`;
  const neverSent = cause === 'ECONNREFUSED' || cause === 'ENOTFOUND' || cause === 'EAI_AGAIN';
  return metaError(call.publishing && !neverSent ? 'unknown_outcome' : 'unavailable', reason, call, {
    cause: error,
  });
};
