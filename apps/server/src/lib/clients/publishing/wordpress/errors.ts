import { FetchFailedError, type SafeRequestResult, UnsafeUrlError } from '../../../security/safe-fetch';
import { PublishError, parseRetryAfter } from '../types';
import { errorBodyOf, plainText } from './credentials';

export type WordpressCall = {
  /** The call makes something public (creating the post): a doubtful answer means the outcome is unknown. */
  publishing: boolean;
  what: string;
};

const error = (
  kind: PublishError['kind'],
  message: string,
  extra: { status?: number; code?: string; retryAfterSeconds?: number; cause?: unknown } = {},
) => new PublishError(kind, message, { platform: 'wordpress', ...extra });

/**
 * What to check when WordPress refuses the login, in the order a person would. WordPress answers a wrong
 * username, a wrong or revoked application password, the login password, and a request whose
 * Authorization header the host removed, all with the same 401 rest_not_logged_in: one message for all.
 */
export const loginRefusedMessage = (label: string, username: string) =>
  `${label} did not accept the login. Check, in this order: that "${username}" is your WordPress username (or its e-mail address); that the password is an application password (in WordPress: Users → Profile → Application Passwords), not the password you log in with, and that it was not revoked; if both are right, your web host or a security plugin may be removing the Authorization header before WordPress sees it: ask your host to pass it on, or allow it in the plugin.`;

/** A call that got no answer: refused before anything was sent is safe to retry; otherwise the post may exist. */
export const wordpressNoAnswer = (cause: unknown, call: WordpressCall): PublishError => {
  if (cause instanceof UnsafeUrlError)
    return error('invalid', `${call.what}: the site's address is not a public web site (${cause.message}).`, {
      cause,
    });
  if (cause instanceof FetchFailedError) {
    // safe-fetch words complete "We could not read X: …" ("it did not answer…", "the server refused…").
    const reason = cause.message.replace(/^it /, 'the site ');
    const neverSent = [
      'ENOTFOUND',
      'EAI_AGAIN',
      'ECONNREFUSED',
      'UND_ERR_CONNECT_TIMEOUT',
      'ENETUNREACH',
      'EHOSTUNREACH',
    ].includes(cause.detail.code ?? '');
    if (call.publishing && !neverSent)
      return error('unknown_outcome', `${call.what}: ${reason}; the post may have been published.`, {
        code: cause.detail.code ?? cause.kind,
        cause,
      });
    return error('unavailable', `${call.what}: ${reason}.`, {
      code: cause.detail.code ?? cause.kind,
      cause,
    });
  }
  return error(call.publishing ? 'unknown_outcome' : 'unavailable', `${call.what}: the request failed.`, {
    cause,
  });
};

/** Maps a WordPress answer that is not a success to the PublishError it means. */
export const wordpressRefusal = (answer: SafeRequestResult, call: WordpressCall): PublishError => {
  const { status } = answer;
  const body = errorBodyOf(answer.body);
  const said = body.message ? `WordPress says: ${plainText(body.message)}` : undefined;
  const code = body.code;
  if (status === 401) {
    if (code === 'application_passwords_disabled')
      return error(
        'revoked',
        'Application passwords were turned off on the WordPress site; turn them on again (or ask the site’s administrator), then connect the site again.',
        { status, code },
      );
    // Whatever the code (most often rest_not_logged_in), the password we hold no longer opens the site.
    return error(
      'revoked',
      'WordPress no longer accepts the application password (it was probably revoked in Users → Profile → Application Passwords, or the account was removed). Connect the site again with a new application password.',
      { status, code },
    );
  }
  if (status === 429)
    return error('rate_limited', said ?? 'The site asks us to slow down.', {
      status,
      code,
      retryAfterSeconds: parseRetryAfter(answer.headers.get('retry-after')) ?? 300,
    });
  if (status >= 300 && status < 400)
    return error(
      'invalid',
      `${call.what}: the site now redirects to ${answer.headers.get('location') ?? 'another address'}; connect it again with its new address.`,
      {
        status,
      },
    );
  if (status >= 500) {
    if (call.publishing && status !== 503)
      return error(
        'unknown_outcome',
        `${call.what}: the site failed (HTTP ${status}) after receiving the post; it may have been published.`,
        {
          status,
          code,
        },
      );
    return error('unavailable', `${call.what}: the site is unavailable (HTTP ${status}).`, {
      status,
      code,
      retryAfterSeconds: parseRetryAfter(answer.headers.get('retry-after')),
    });
  }
  return error('invalid', said ?? `${call.what}: the site refused it (HTTP ${status}).`, { status, code });
};
