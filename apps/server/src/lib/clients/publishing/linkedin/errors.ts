import { z } from 'zod';
import { PublishError, parseRetryAfter } from '../types';

/** LinkedIn's REST error body, and the OAuth one ({ error, error_description }). */
const ZRestError = z.object({
  status: z.number().optional(),
  serviceErrorCode: z.number().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});
const ZOAuthError = z.object({ error: z.string(), error_description: z.string().optional() });

export type LinkedInCall = {
  /** The call makes something public (a post): a doubtful answer means the outcome is unknown. */
  publishing: boolean;
  /** What was being done, for the message ("Posting to LinkedIn"); never ids or tokens. */
  what: string;
};

const REVOKED = new Set(['REVOKED_ACCESS_TOKEN']);
const EXPIRED = new Set(['EXPIRED_ACCESS_TOKEN', 'INVALID_ACCESS_TOKEN']);
/** Daily limits reset at midnight UTC; without a Retry-After we look again within the hour. */
const DEFAULT_RATE_PAUSE_SECONDS = 3600;

const secondsToUtcMidnight = (now: Date) =>
  Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);

/** The URN a duplicate refusal names ("Content is a duplicate of urn:li:share:123"), if any. */
export const duplicateOfUrn = (message: string): string | undefined =>
  message.match(/urn:li:(?:share|ugcPost|activity):\d+/)?.[0];

const error = (
  kind: PublishError['kind'],
  message: string,
  extra: Omit<ConstructorParameters<typeof PublishError>[2], 'platform'>,
) => new PublishError(kind, message, { platform: 'linkedin', ...extra });

/** Maps a LinkedIn answer that is not a success to the PublishError it means. */
export const linkedInRefusal = (
  status: number,
  bodyText: string,
  headers: Headers,
  call: LinkedInCall,
  now: Date = new Date(),
): PublishError => {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    json = undefined;
  }
  const rest = ZRestError.safeParse(json);
  const oauth = ZOAuthError.safeParse(json);
  const code = rest.success ? rest.data.code : oauth.success ? oauth.data.error : undefined;
  const serviceCode = rest.success ? rest.data.serviceErrorCode : undefined;
  const said =
    (rest.success ? rest.data.message : undefined) ??
    (oauth.success ? (oauth.data.error_description ?? oauth.data.error) : undefined);
  const reason = (fallback: string) => (said ? `LinkedIn says: ${said}` : fallback);
  const codeText = code ?? (serviceCode === undefined ? undefined : String(serviceCode));

  if (status === 401) {
    if ((code && REVOKED.has(code)) || serviceCode === 65601)
      return error('revoked', reason('The LinkedIn account withdrew our access.'), {
        status,
        code: codeText,
      });
    if ((code && EXPIRED.has(code)) || serviceCode === 65600 || serviceCode === 65602)
      return error('auth_expired', reason('The LinkedIn connection has expired.'), {
        status,
        code: codeText,
      });
    return error('auth_expired', reason('LinkedIn did not accept the connection.'), {
      status,
      code: codeText,
    });
  }
  if (status === 403)
    return error(
      'revoked',
      reason('LinkedIn does not let this connection do that; connect the account again.'),
      {
        status,
        code: codeText,
      },
    );
  if (status === 429) {
    const retryAfterSeconds =
      parseRetryAfter(headers.get('retry-after'), now) ??
      Math.min(DEFAULT_RATE_PAUSE_SECONDS, secondsToUtcMidnight(now));
    return error('rate_limited', reason('LinkedIn asks us to slow down.'), {
      status,
      code: codeText,
      retryAfterSeconds,
    });
  }
  if (status === 422 && code === 'DUPLICATE_POST')
    return error('duplicate', reason('LinkedIn refuses the same post twice.'), {
      status,
      code,
      duplicateOf: duplicateOfUrn(said ?? ''),
    });
  if (status === 426)
    return error(
      'invalid',
      // The user reads it (calendar, notice): plain words; README tells the operator it is LINKEDIN_API_VERSION.
      `LinkedIn no longer supports the version of its API this server uses (${said ?? 'HTTP 426'}): ask your administrator to update the server's LinkedIn API version.`,
      { status, code: codeText },
    );
  if (status >= 500) {
    // A post may exist although LinkedIn failed to say so; only 503 ("not now") means nothing was done.
    if (call.publishing && status !== 503)
      return error(
        'unknown_outcome',
        `${call.what}: LinkedIn failed (HTTP ${status}) after receiving the post; it may have been published.`,
        {
          status,
          code: codeText,
        },
      );
    return error('unavailable', `${call.what}: LinkedIn is unavailable (HTTP ${status}).`, {
      status,
      code: codeText,
      retryAfterSeconds: parseRetryAfter(headers.get('retry-after'), now),
    });
  }
  return error('invalid', reason(`${call.what}: LinkedIn refused it (HTTP ${status}).`), {
    status,
    code: codeText,
  });
};

/** A call that got no answer: before sending it is safe to retry; after, a post may exist. */
export const linkedInNoAnswer = (cause: unknown, call: LinkedInCall, timedOut: boolean): PublishError => {
  const codeOf = (e: unknown): string | undefined => {
    for (
      let current = e, depth = 0;
      current instanceof Error && depth < 6;
      current = current.cause, depth++
    ) {
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string') return code;
    }
    return undefined;
  };
  const code = codeOf(cause);
  const neverSent =
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'UND_ERR_CONNECT_TIMEOUT';
  if (call.publishing && !neverSent)
    return error(
      'unknown_outcome',
      timedOut
        ? `${call.what}: LinkedIn did not answer in time; the post may have been published.`
        : `${call.what}: the connection to LinkedIn broke; the post may have been published.`,
      { code, cause },
    );
  return error(
    'unavailable',
    timedOut ? `${call.what}: LinkedIn did not answer in time.` : `${call.what}: LinkedIn cannot be reached.`,
    {
      code,
      cause,
    },
  );
};
