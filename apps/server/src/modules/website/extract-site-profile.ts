import * as cheerio from 'cheerio';

export type SiteProfile = {
  name: string;
  description: string | null;
  keywords: string[];
  headings: string[];
};

export const PROFILE_LIMITS = {
  nameChars: 200,
  descriptionChars: 1000,
  keywords: 30,
  keywordChars: 100,
  headings: 40,
  headingChars: 200,
} as const;

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();
/** Cut by code points so an emoji is never split in half. */
const cut = (text: string, max: number): string => Array.from(text).slice(0, max).join('').trim();

const uniqueCaseless = (values: string[], max: number): string[] => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
    if (out.length === max) break;
  }
  return out;
};

/** "Home | Acme – Tools for builders" → "Acme": the part before the tagline, skipping a bare "Home". */
const nameFromTitle = (title: string): string | null => {
  const parts = collapse(title)
    .split(/\s+[|\-–—·•:]\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const generic = /^(home|home ?page|welcome|start)$/i;
  return parts.find((part) => !generic.test(part)) ?? parts[0] ?? null;
};

const hostName = (finalUrl: string): string => {
  const host = URL.parse(finalUrl)?.hostname ?? finalUrl;
  return host.replace(/^www\./i, '');
};

/** What the later content writing needs to know about a company, read from its home page. */
export const extractSiteProfile = (html: string, finalUrl: string): SiteProfile => {
  const $ = cheerio.load(html);
  $('script, style, noscript, template').remove();
  const meta = (...names: string[]): string | null => {
    for (const name of names) {
      const content = $(`meta[name="${name}" i], meta[property="${name}" i]`).first().attr('content');
      const text = collapse(content ?? '');
      if (text) return text;
    }
    return null;
  };

  const name =
    meta('og:site_name') ??
    meta('application-name') ??
    nameFromTitle($('title').first().text()) ??
    hostName(finalUrl);
  const description = meta('description', 'og:description');
  const keywords = (meta('keywords') ?? '')
    .split(/[,;]/)
    .map((keyword) => cut(collapse(keyword), PROFILE_LIMITS.keywordChars));
  const headings = $('h1, h2, h3')
    .toArray()
    .map((element) => cut(collapse($(element).text()), PROFILE_LIMITS.headingChars));

  return {
    name: cut(name, PROFILE_LIMITS.nameChars) || hostName(finalUrl),
    description: description ? cut(description, PROFILE_LIMITS.descriptionChars) : null,
    keywords: uniqueCaseless(keywords, PROFILE_LIMITS.keywords),
    headings: uniqueCaseless(headings, PROFILE_LIMITS.headings),
  };
};
