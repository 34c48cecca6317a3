import type { AppDeps } from '../../app-deps';
import { FetchFailedError, UnsafeUrlError } from '../../lib/security/safe-fetch';
import type { LandingPage } from '../../lib/writers/content-writer/types';
import { extractSiteProfile } from '../website/extract-site-profile';
import type { GoogleAdData } from './ad-view';

const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
/** What of the page reaches the prompt: enough to ground an ad, little enough to bound its tokens. */
const PAGE_LIMITS = { headings: 12, text: 6_000 } as const;

const why = (error: unknown): string => {
  if (error instanceof UnsafeUrlError) return error.message;
  if (error instanceof FetchFailedError) {
    return error.kind === 'unsupported_type'
      ? `it is not a web page (${error.detail.mediaType})`
      : error.message;
  }
  return 'it could not be read';
};

/**
 * The landing page read for grounding, through the SSRF-safe fetch the website check uses (no private
 * or loopback address, bounded size and time, HTML only). A page that cannot be read is not fatal: the
 * ad is written from the brand profile, and the answer says why the page was not used.
 */
export const readLandingPage = async (
  safeFetch: AppDeps['safeFetch'],
  url: string,
): Promise<GoogleAdData['landing']> => {
  try {
    const answer = await safeFetch(url, { mediaTypes: HTML_TYPES });
    const mediaType = answer.contentType?.split(';')[0]?.trim().toLowerCase();
    if (mediaType && !HTML_TYPES.includes(mediaType)) {
      throw new FetchFailedError('unsupported_type', '', { mediaType });
    }
    const profile = extractSiteProfile(answer.body, answer.finalUrl);
    const page: LandingPage = {
      url: answer.finalUrl,
      title: profile.name,
      description: profile.description ?? '',
      headings: profile.headings.slice(0, PAGE_LIMITS.headings),
      text: profile.readableText.slice(0, PAGE_LIMITS.text),
    };
    return { status: 'read', message: null, page };
  } catch (error) {
    return {
      status: 'unreadable',
      message: `We could not read ${url}: ${why(error)}. The ad was written from your brand profile and keywords.`,
      page: null,
    };
  }
};
