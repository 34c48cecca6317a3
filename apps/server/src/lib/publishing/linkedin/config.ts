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
