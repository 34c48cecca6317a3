import type { AppDeps } from '../../app-deps';
import { hitThrottle, type ThrottleRule } from '../../lib/security/throttle';
import type { KeywordSitePage } from '../../lib/writers/content-writer/types';
import { readHomePage } from '../website/add-website';
import { extractSiteProfile } from '../website/extract-site-profile';

/** Each page read is a fetch on the user's behalf: bounded like the website check, so it is no scanner. */
export const KEYWORD_PAGE_THROTTLE: ThrottleRule = {
  name: 'keyword-ideas-page:account',
  limit: 20,
  windowSeconds: 60 * 60,
};

const PAGE_LIMITS = { headings: 20, text: 8_000 } as const;

/**
 * A page of the user's own site, read with the website check's reader (the SSRF-safe fetch: no private,
 * loopback or metadata address, bounded size and time, HTML only) and its profile extraction. A page
 * that cannot be read is a 400 that says why: the user asked for it, so ideas are not made without it.
 */
export const readSitePage = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'safeFetch'>,
  userId: string,
  url: string,
): Promise<KeywordSitePage> => {
  await hitThrottle(deps.db, deps.clock, KEYWORD_PAGE_THROTTLE, userId);
  const page = await readHomePage(deps.safeFetch, url);
  const profile = extractSiteProfile(page.body, page.finalUrl);
  return {
    url: page.finalUrl,
    title: profile.name,
    headings: profile.headings.slice(0, PAGE_LIMITS.headings),
    keyPhrases: [...profile.keyPhrases, ...profile.keywords].slice(0, 12),
    text: profile.readableText.slice(0, PAGE_LIMITS.text),
  };
};
