import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { FetchFailedError, type SafeFetchResult, UnsafeUrlError } from '../../lib/security/safe-fetch';
import { LOGO_MEDIA_TYPES, LOOK_LIMITS } from './brand/site-look';
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

/** The logo file's bytes (a picture of an accepted type, on the site, within its size), else null. */
const readLogo = async (
  safeFetch: AppDeps['safeFetch'],
  logoUrl: string | null,
  siteUrl: string,
): Promise<Buffer | null> => {
  if (!logoUrl) return null;
  let answer: SafeFetchResult;
  try {
    answer = await safeFetch(logoUrl, {
      mediaTypes: LOGO_MEDIA_TYPES,
      accept: 'image/png,image/svg+xml,image/webp,image/jpeg,image/gif;q=0.8',
      maxBytes: LOOK_LIMITS.logoBytes,
      timeoutMs: LINKED_PAGE_TIMEOUT_MS,
    });
  } catch {
    // A logo that cannot be read leaves the brand without one; the site is still read.
    return null;
  }
  // The fetch refused any other declared type; an undeclared one is left to sharp to recognise.
  if (!answer.bytes || answer.status !== 200 || !sameSite(siteUrl, answer.finalUrl)) return null;
  return answer.bytes;
};

/**
 * A company's site as the brand profile reads it: the home page (an unsafe or unreadable one is a 400 in
 * words), then, at the same time, the same-site pages its navigation links to (at most six) and its
 * same-site stylesheets (at most two, for the colours), every one through the SSRF-safe fetch with its
 * time and size caps, and its logo file (at most 1 MiB). A linked page that fails, redirects off the site
 * or is not HTML is skipped, and so is a logo that cannot be read: the home page alone still makes a
 * profile.
 */
export const readSite = async (
  safeFetch: AppDeps['safeFetch'],
  url: string,
): Promise<{ finalUrl: string; profile: SiteProfile; pagesRead: string[]; logo: Buffer | null }> => {
  const page = await readHomePage(safeFetch, url);
  const home = readPage(page.body, page.finalUrl);
  const [pages, sheets, logo] = await Promise.all([
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
    readLogo(safeFetch, home.logoUrl, page.finalUrl),
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
    logo,
  };
};
