import { z } from 'zod';
import { PublishError } from '../types';
import { apiUrl, LINKEDIN_SCOPES, type LinkedInClientConfig, oauthUrl } from './config';
import { linkedInFetch, parseJson } from './http';

/** LinkedIn member tokens last 60 days and cannot be refreshed outside LinkedIn's partner program. */
export const LINKEDIN_TOKEN_DAYS = 60;
/** The user is told this many days before the token ends, so they reconnect in time. */
export const TOKEN_WARNING_DAYS = 14;
const DAY_MS = 24 * 3600 * 1000;

/** The consent page the popup opens (spec §4): response_type=code, our client, callback, state and scopes. */
export const linkedInAuthorizationUrl = (
  config: LinkedInClientConfig,
  input: { redirectUri: string; state: string },
): string => {
  const url = new URL(oauthUrl(config, '/oauth/v2/authorization'));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  url.searchParams.set('scope', (config.scopes ?? LINKEDIN_SCOPES).join(' '));
  return url.href;
};

const ZToken = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  scope: z.string().default(''),
  refresh_token: z.string().optional(),
  refresh_token_expires_in: z.number().int().optional(),
  id_token: z.string().optional(),
});

export type LinkedInToken = {
  accessToken: string;
  expiresAt: Date;
  scopes: string[];
  /** Only LinkedIn's approved partners get one; kept when given. */
  refreshToken: string | null;
};

/** When a token given `expiresInSeconds` ago (at `issuedAt`) stops working. */
export const tokenExpiresAt = (issuedAt: Date, expiresInSeconds: number): Date =>
  new Date(issuedAt.getTime() + expiresInSeconds * 1000);

/** The token ends within TOKEN_WARNING_DAYS (or has ended): time to tell the user to reconnect. */
export const tokenNeedsWarning = (expiresAt: Date, now: Date = new Date()): boolean =>
  expiresAt.getTime() - now.getTime() <= TOKEN_WARNING_DAYS * DAY_MS;

/** Whole days left before the token ends (0 once it has). */
export const tokenDaysLeft = (expiresAt: Date, now: Date = new Date()): number =>
  Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / DAY_MS));

/**
 * Exchanges the code from the callback for a token. LinkedIn takes each code once; a second use, a
 * wrong redirect URI or an expired code is refused ("invalid" — the user starts over).
 */
export const exchangeLinkedInCode = async (
  config: LinkedInClientConfig,
  input: { code: string; redirectUri: string },
  now: Date = new Date(),
): Promise<LinkedInToken> => {
  const answer = await linkedInFetch(
    oauthUrl(config, '/oauth/v2/accessToken'),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        client_id: config.clientId,
        client_secret: config.clientSecret,
      }).toString(),
    },
    { publishing: false, what: 'Connecting LinkedIn', timeoutMs: config.timeoutMs },
  ).catch((error: unknown) => {
    // The code exchange has no account yet: a refusal is about the code (used, expired) or our app.
    if (error instanceof PublishError && (error.status === 400 || error.status === 401))
      throw new PublishError('invalid', error.message, {
        platform: 'linkedin',
        status: error.status,
        code: error.code,
      });
    throw error;
  });
  const parsed = ZToken.safeParse(parseJson(answer.text));
  if (!parsed.success)
    throw new PublishError('invalid', 'LinkedIn answered the code exchange without a usable token.', {
      platform: 'linkedin',
    });
  return {
    accessToken: parsed.data.access_token,
    expiresAt: tokenExpiresAt(now, parsed.data.expires_in),
    scopes: parsed.data.scope.split(/[\s,]+/).filter(Boolean),
    refreshToken: parsed.data.refresh_token ?? null,
  };
};

const ZUserInfo = z.object({
  sub: z.string().min(1),
  name: z.string().default(''),
  picture: z.string().optional(),
  email: z.string().optional(),
});

/** The connected member (spec §3: name and picture for GET /get_user_info); `sub` makes the author URN. */
export type LinkedInMember = { sub: string; name: string; picture: string | null; email: string | null };

export const getLinkedInMember = async (
  config: LinkedInClientConfig,
  accessToken: string,
): Promise<LinkedInMember> => {
  const answer = await linkedInFetch(
    apiUrl(config, '/v2/userinfo'),
    { method: 'GET', headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    { publishing: false, what: 'Reading the LinkedIn profile', timeoutMs: config.timeoutMs },
  );
  const parsed = ZUserInfo.safeParse(parseJson(answer.text));
  if (!parsed.success)
    throw new PublishError('invalid', 'LinkedIn answered without the member’s identity.', {
      platform: 'linkedin',
    });
  return {
    sub: parsed.data.sub,
    name: parsed.data.name,
    picture: parsed.data.picture ?? null,
    email: parsed.data.email ?? null,
  };
};

/** The author URN posts are made as. */
export const personUrn = (sub: string) => `urn:li:person:${sub}`;

/**
 * Withdraws our access (unlinking). A token LinkedIn no longer knows is already as good as revoked,
 * so only a failure to reach LinkedIn is thrown.
 */
export const revokeLinkedInToken = async (
  config: LinkedInClientConfig,
  accessToken: string,
): Promise<void> => {
  await linkedInFetch(
    oauthUrl(config, '/oauth/v2/revoke'),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        token: accessToken,
      }).toString(),
    },
    { publishing: false, what: 'Unlinking LinkedIn', timeoutMs: config.timeoutMs, accept: [400] },
  );
};

const ZIntrospection = z.object({
  active: z.boolean(),
  status: z.string().optional(),
  expires_at: z.number().optional(),
  scope: z.string().optional(),
});

/** What LinkedIn says of a token: still good, expired, revoked (or unknown to it). */
export type LinkedInTokenHealth = {
  active: boolean;
  status: 'active' | 'expired' | 'revoked' | 'unknown';
  expiresAt: Date | null;
  scopes: string[];
};

/**
 * Asks LinkedIn whether a token still works (`/oauth/v2/introspectToken`) without posting anything:
 * how a connection's tile learns it needs "reconnect" before a post fails.
 */
export const introspectLinkedInToken = async (
  config: LinkedInClientConfig,
  accessToken: string,
): Promise<LinkedInTokenHealth> => {
  const answer = await linkedInFetch(
    oauthUrl(config, '/oauth/v2/introspectToken'),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        token: accessToken,
      }).toString(),
    },
    { publishing: false, what: 'Checking the LinkedIn connection', timeoutMs: config.timeoutMs },
  );
  const parsed = ZIntrospection.safeParse(parseJson(answer.text));
  if (!parsed.success)
    throw new PublishError('unavailable', 'LinkedIn answered the token check in an unknown shape.', {
      platform: 'linkedin',
    });
  const { active, status, expires_at: expiresAt, scope } = parsed.data;
  return {
    active,
    status: active ? 'active' : status === 'expired' || status === 'revoked' ? status : 'unknown',
    expiresAt: expiresAt === undefined ? null : new Date(expiresAt * 1000),
    scopes: (scope ?? '').split(/[\s,]+/).filter(Boolean),
  };
};
