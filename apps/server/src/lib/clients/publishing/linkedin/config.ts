/** What the LinkedIn client needs; the caller resolves the sandbox's URLs when no real app is set. */
export type LinkedInClientConfig = {
  clientId: string;
  clientSecret: string;
  /** LinkedIn-Version header, YYYYMM. */
  apiVersion: string;
  /** https://www.linkedin.com (OAuth pages and token calls, and where posts are seen). */
  oauthBaseUrl: string;
  /** https://api.linkedin.com (userinfo, /rest/posts, /rest/images). */
  apiBaseUrl: string;
  timeoutMs: number;
  /** Scopes asked for when connecting (spec §9). */
  scopes?: readonly string[];
};

/** Spec §9: the scopes the LinkedIn connection asks for. */
export const LINKEDIN_SCOPES = ['email', 'w_member_social', 'profile', 'openid'] as const;

const trim = (url: string) => url.replace(/\/+$/, '');
export const oauthUrl = (config: LinkedInClientConfig, path: string) => `${trim(config.oauthBaseUrl)}${path}`;
export const apiUrl = (config: LinkedInClientConfig, path: string) => `${trim(config.apiBaseUrl)}${path}`;

/** How many whole months old an API version (YYYYMM) is at `now`; LinkedIn retires versions after about 12. */
export const apiVersionAgeMonths = (version: string, now: Date = new Date()): number => {
  const year = Number(version.slice(0, 4));
  const month = Number(version.slice(4, 6));
  return now.getUTCFullYear() * 12 + now.getUTCMonth() - (year * 12 + month - 1);
};

/**
 * The client's settings from the app's configuration: LinkedIn's app and addresses when set, otherwise
 * the platform sandbox's (`sandbox.url` + /linkedin, and the app the sandbox was given).
 */
export const linkedInClientConfigOf = (
  settings: {
    clientId: string | null;
    clientSecret: string | null;
    apiVersion: string;
    oauthBaseUrl: string | null;
    apiBaseUrl: string | null;
    timeoutMs: number;
  },
  sandbox: { url: string; app: { clientId: string; clientSecret: string } } | null,
): LinkedInClientConfig => {
  const sandboxBase = sandbox ? `${trim(sandbox.url)}/linkedin` : null;
  const clientId = settings.clientId ?? sandbox?.app.clientId;
  const clientSecret = settings.clientSecret ?? sandbox?.app.clientSecret;
  const oauthBaseUrl = settings.oauthBaseUrl ?? sandboxBase;
  const apiBaseUrl = settings.apiBaseUrl ?? sandboxBase;
  if (!clientId || !clientSecret || !oauthBaseUrl || !apiBaseUrl)
    throw new Error(
      'LinkedIn publishing needs LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET, or the platform sandbox',
    );
  return {
    clientId,
    clientSecret,
    apiVersion: settings.apiVersion,
    oauthBaseUrl,
    apiBaseUrl,
    timeoutMs: settings.timeoutMs,
  };
};
