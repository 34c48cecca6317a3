import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { FetchFailedError, type SafeFetchResult, UnsafeUrlError } from '../../lib/security/safe-fetch';
import { LOOK_LIMITS } from './brand/site-look';
import { type PageReading, profileOf, readPage, type SiteProfile } from './extract-site-profile';

const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

/** The page at a URL the user gave, through the SSRF-safe fetch; an unsafe or unreadable one is a 400 in words. */
export const readHomePage = async (
  safeFetch: AppDeps['safeFetch'],
  url: string,
): Promise<SafeFetchResult> => {
  try {
    const page = await safeFetch(url, { mediaTypes: HTML_TYPES });
    const mediaType = page.contentType?.split(';')[0]?.trim().toLowerCase();
    if (mediaType && !HTML_TYPES.includes(mediaType)) {
      throw new FetchFailedError('unsupported_type', '', { mediaType });
    }
    return page;
  } catch (error) {
    if (error instanceof UnsafeUrlError) {
      throw new AppError(400, 'unsafe_url', `We cannot read ${url}: ${error.message}.`);
    }
    if (error instanceof FetchFailedError) {
      const why =
        error.kind === 'unsupported_type'
          ? `it is not a web page (${error.detail.mediaType})`
          : error.message;
      throw new AppError(400, 'website_unreachable', `We could not read ${url}: ${why}.`);
    }
    throw error;
  }
};

/** A linked page is worth less than the home page: it gets half the home page's time before it is skipped. */
const LINKED_PAGE_TIMEOUT_MS = 5_000;

const sameSite = (a: string, b: string): boolean => {
  const host = (url: string) => URL.parse(url)?.hostname.replace(/^www\./i, '') ?? '';
  return host(a) !== '' && host(a) === host(b);
};

const fetched = (result: PromiseSettledResult<SafeFetchResult>): SafeFetchResult | null =>
  result.status === 'fulfilled' && result.value.status >= 200 && result.value.status < 300
    ? result.value
    : null;

/**
 * A company's site as the brand profile reads it: the home page (an unsafe or unreadable one is a 400 in
 * words), then, at the same time, the same-site pages its navigation links to (at most six) and its
 * same-site stylesheets (at most two, for the colours), every one through the SSRF-safe fetch with its
 * time and size caps. A linked page that fails, redirects off the site or is not HTML is skipped: the
 * home page alone still makes a profile.
 */
export const readSite = async (
  safeFetch: AppDeps['safeFetch'],
  url: string,
): Promise<{ finalUrl: string; profile: SiteProfile; pagesRead: string[] }> => {
  const page = await readHomePage(safeFetch, url);
  const home = readPage(page.body, page.finalUrl);
  const [pages, sheets] = await Promise.all([
    Promise.allSettled(
      home.links.map((link) =>
        safeFetch(link, { mediaTypes: HTML_TYPES, timeoutMs: LINKED_PAGE_TIMEOUT_MS }),
      ),
    ),
    Promise.allSettled(
      home.stylesheets.map((href) =>
        safeFetch(href, {
          mediaTypes: ['text/css'],
          accept: 'text/css,*/*;q=0.1',
          maxBytes: LOOK_LIMITS.stylesheetBytes,
          timeoutMs: LINKED_PAGE_TIMEOUT_MS,
        }),
      ),
    ),
  ]);
  const seen = new Set([page.finalUrl]);
  const others: PageReading[] = [];
  for (const answer of pages.map(fetched)) {
    if (!answer || seen.has(answer.finalUrl) || !sameSite(page.finalUrl, answer.finalUrl)) continue;
    const type = answer.contentType?.split(';')[0]?.trim().toLowerCase();
    if (type && !HTML_TYPES.includes(type)) continue;
    seen.add(answer.finalUrl);
    others.push(readPage(answer.body, answer.finalUrl));
  }
  const stylesheets = sheets
    .map(fetched)
    .filter(
      (answer): answer is SafeFetchResult => answer !== null && sameSite(page.finalUrl, answer.finalUrl),
    )
    .map((answer) => answer.body);
  return {
    finalUrl: page.finalUrl,
    profile: profileOf(home, others, stylesheets),
    pagesRead: [page.finalUrl, ...others.map((other) => other.finalUrl)],
  };
};
