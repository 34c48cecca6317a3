import { z } from 'zod';
import type { GoogleAdsConfig } from './google-ads-config';
import { KeywordMetricsError } from './types';

const ZTokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().default(3600),
});
const ZTokenError = z.object({ error: z.string(), error_description: z.string().optional() }).loose();

/** A token is renewed this long before Google says it expires, so none runs out mid-request. */
const EARLY_MS = 60_000;

export type AccessTokenSource = {
  /** The current access token, fetched with the refresh token when there is none or it is about to expire. */
  token: (signal?: AbortSignal) => Promise<string>;
  /** Forgets the token (Google refused it): the next call fetches a new one. */
  forget: (token: string) => void;
};

/**
 * OAuth 2.0 access tokens for the Google Ads API from the configured refresh token (the "installed
 * app" or "web app" flow a developer runs once). One refresh at a time: concurrent callers share it.
 */
export const createAccessTokenSource = (
  config: Pick<GoogleAdsConfig, 'oauthTokenUrl' | 'clientId' | 'clientSecret' | 'refreshToken' | 'timeoutMs'>,
  now: () => number = Date.now,
): AccessTokenSource => {
  let current: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  const refresh = async (signal?: AbortSignal): Promise<string> => {
    let response: Response;
    try {
      response = await fetch(config.oauthTokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: config.clientId,
          client_secret: config.clientSecret,
          refresh_token: config.refreshToken,
        }),
        signal: AbortSignal.any([AbortSignal.timeout(config.timeoutMs), ...(signal ? [signal] : [])]),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new KeywordMetricsError(
        'unavailable',
        "Google's sign-in service could not be reached, so no keyword metrics could be fetched.",
      );
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const reason = ZTokenError.safeParse(body);
      const code = reason.success ? reason.data.error : `HTTP ${response.status}`;
      if (response.status >= 500) {
        throw new KeywordMetricsError('unavailable', `Google's sign-in service is unavailable (${code}).`);
      }
      throw new KeywordMetricsError(
        'auth_failed',
        // The user reads it under their keyword ideas: plain words (README lists the GOOGLE_ADS_ settings).
        `Google refused the Google Ads sign-in (${code}): ask your administrator to check the server's Google Ads credentials.`,
      );
    }
    const answer = ZTokenAnswer.safeParse(body);
    if (!answer.success) {
      throw new KeywordMetricsError(
        'bad_answer',
        "Google's sign-in service gave an answer without an access token.",
      );
    }
    current = { token: answer.data.access_token, expiresAt: now() + answer.data.expires_in * 1000 };
    return answer.data.access_token;
  };

  return {
    token: (signal) => {
      if (current && current.expiresAt - EARLY_MS > now()) return Promise.resolve(current.token);
      pending ??= refresh(signal).finally(() => {
        pending = null;
      });
      return pending;
    },
    forget: (token) => {
      if (current?.token === token) current = null;
    },
  };
};
