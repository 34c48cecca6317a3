import { requireOnce } from '../../lib/core/load-once';
import { keyNounPhrases } from '../../lib/writers/content-writer/offline/noun-phrases';
import { AUDIENCE_MAX_CHARS, deriveAudience } from './brand/audience';
import { extractKeyPhrases, KEY_PHRASE_LIMITS } from './brand/key-phrases';
import { deriveOffer } from './brand/offer';
import { collapse, cut, cutAtWord, uniqueCaseless } from './brand/plain-text';
import { readableParagraphs, type TextNode, withoutRawElements } from './brand/readable-text';
import { colorsOf, logoOf, type SiteLook, stylesheetsOf } from './brand/site-look';
import { audienceSectionOf, navigationLinksOf } from './brand/site-pages';
import { detectLanguage, type Language } from './brand/text-language';
import { deriveTone } from './brand/tone';

export type SiteProfile = {
  name: string;
  description: string | null;
  keywords: string[];
  headings: string[];
  /** The brand profile read from the page (the user may edit these later). */
  company: string;
  offer: string;
  audience: string;
  tone: string;
  keyPhrases: string[];
  /** The page's readable text, paragraphs on their own lines, at most 20,000 characters. */
  readableText: string;
  language: Language;
  /** Same-site pages the navigation links to (about, product, pricing, customers…), the telling first. */
  links: string[];
  /** Same-site stylesheets the page links (for its colours). */
  stylesheets: string[];
  /** The brand's colours and logo as the page declares them (stylesheets read later add to the colours). */
  look: SiteLook;
};

/** One page as read, before it joins the others of its site. */
export type PageReading = {
  finalUrl: string;
  rawHtml: string;
  name: string;
  description: string | null;
  keywords: string[];
  headings: string[];
  heroHeadings: string[];
  paragraphs: string[];
  htmlLang: string | null;
  audienceItems: string[];
  links: string[];
  stylesheets: string[];
  themeColor: string | null;
  logoUrl: string | null;
};

export const PROFILE_LIMITS = {
  nameChars: 200,
  descriptionChars: 1000,
  keywords: 30,
  keywordChars: 100,
  headings: 40,
  headingChars: 200,
  readableTextChars: 20_000,
} as const;

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

/** Whole paragraphs up to the limit; a first paragraph longer than the limit is cut. */
const joinUpTo = (paragraphs: string[], max: number): string => {
  let text = '';
  for (const paragraph of paragraphs) {
    const next = text ? `${text}\n${paragraph}` : paragraph;
    if (next.length > max) return text || cut(paragraph, max);
    text = next;
  }
  return text;
};

type Element = TextNode & {
  textContent: string | null;
  getAttribute: (name: string) => string | null;
  nextElementSibling: Element | null;
  closest: (selector: string) => unknown;
  querySelectorAll: (selector: string) => ArrayLike<Element>;
};
type ParsedDocument = {
  documentElement: Element | null;
  body: Element | null;
  querySelector: (selector: string) => Element | null;
  querySelectorAll: (selector: string) => ArrayLike<Element>;
};

/** linkedom is loaded when the first page is read, not with the server (lib/core/load-once.ts). */
const linkedom = requireOnce<typeof import('linkedom')>('linkedom');

/** Reads one page: its meta, headings, readable paragraphs, audience section, links and look. */
export const readPage = (html: string, finalUrl: string): PageReading => {
  const stripped = withoutRawElements(html);
  // linkedom wants a whole document; a fragment still gets an <html> and a <body> around it.
  const source = /<html[\s>]/i.test(stripped)
    ? stripped
    : `<!doctype html><html><head></head><body>${stripped}</body></html>`;
  const { document } = linkedom().parseHTML(source) as unknown as { document: ParsedDocument };

  const meta = (...names: string[]): string | null => {
    for (const name of names) {
      const element =
        document.querySelector(`meta[name="${name}" i]`) ??
        document.querySelector(`meta[property="${name}" i]`);
      const text = collapse(element?.getAttribute('content') ?? '');
      if (text) return text;
    }
    return null;
  };
  const textOf = (element: Element) => collapse(paragraphsTextOf(element));

  const titleElement = document.querySelector('title');
  const name =
    meta('og:site_name') ??
    meta('application-name') ??
    nameFromTitle(titleElement?.textContent ?? '') ??
    hostName(finalUrl);
  const description = meta('description', 'og:description');
  const keywords = (meta('keywords') ?? '')
    .split(/[,;]/)
    .map((keyword) => cut(collapse(keyword), PROFILE_LIMITS.keywordChars));
  const headingElements = Array.from(document.querySelectorAll('h1, h2, h3'));
  const headings = uniqueCaseless(
    headingElements.map((element) => cut(textOf(element), PROFILE_LIMITS.headingChars)),
    PROFILE_LIMITS.headings,
  );
  const heroHeadings = uniqueCaseless(
    Array.from(document.querySelectorAll('h1'))
      .map((element) => cut(textOf(element), PROFILE_LIMITS.headingChars))
      .concat(headings),
    5,
  );
  // Read before Readability, which changes the document.
  const reading = {
    finalUrl,
    rawHtml: html,
    name,
    description: description ? cut(description, PROFILE_LIMITS.descriptionChars) : null,
    keywords: uniqueCaseless(keywords, PROFILE_LIMITS.keywords),
    headings,
    heroHeadings,
    htmlLang: document.documentElement?.getAttribute('lang') ?? null,
    audienceItems: audienceSectionOf(document),
    links: navigationLinksOf(document, finalUrl),
    stylesheets: stylesheetsOf(document, finalUrl),
    themeColor: meta('theme-color'),
    logoUrl: logoOf(document, finalUrl),
  };
  return { ...reading, paragraphs: readableParagraphs(document, document.body) };
};

/**
 * The site's profile from its home page and the pages its navigation links to: name, description,
 * keywords and offer from the home page; headings, readable text, audience, tone and key phrases from
 * all of them (the home page first); colours from the home page and its stylesheets.
 */
export const profileOf = (
  home: PageReading,
  others: readonly PageReading[] = [],
  stylesheets: readonly string[] = [],
): SiteProfile => {
  const pages = [home, ...others];
  const company = cut(home.name, PROFILE_LIMITS.nameChars) || hostName(home.finalUrl);
  const headings = uniqueCaseless(
    pages.flatMap((page) => page.headings),
    PROFILE_LIMITS.headings,
  );
  const readableText = joinUpTo(
    pages.flatMap((page) => page.paragraphs),
    PROFILE_LIMITS.readableTextChars,
  );
  const kept = readableText ? readableText.split('\n') : [];
  const homeText = joinUpTo(home.paragraphs, PROFILE_LIMITS.readableTextChars);
  const language = detectLanguage(`${home.description ?? ''}\n${readableText}`, home.htmlLang);
  const emphasised = [home.description ?? '', ...headings].join('\n');
  const audienceItems = [...new Set(pages.flatMap((page) => page.audienceItems))].slice(0, 5);
  const weighted = [
    { text: emphasised, weight: 2 },
    ...(language === 'eng'
      ? pages.flatMap((page, index) =>
          leadingText(page.paragraphs, index === 0 ? HOME_PHRASE_CHARS : PAGE_PHRASE_CHARS).map(
            (paragraph) => ({
              text: paragraph,
              weight: 1,
            }),
          ),
        )
      : kept.map((paragraph) => ({ text: paragraph, weight: 1 }))),
  ];
  return {
    name: company,
    description: home.description,
    keywords: home.keywords,
    headings,
    company,
    offer: deriveOffer({
      description: home.description,
      heroHeadings: home.heroHeadings,
      paragraphs: homeText ? homeText.split('\n') : [],
      company,
    }),
    audience:
      audienceItems.length > 0
        ? cutAtWord(audienceItems.join('; '), AUDIENCE_MAX_CHARS)
        : deriveAudience({ emphasised, body: readableText }),
    tone: deriveTone(readableText || emphasised, language),
    // English is read with a part-of-speech tagger (noun phrases only); other languages with RAKE.
    keyPhrases:
      language === 'eng'
        ? keyPhrasesInEnglish(weighted, company)
        : extractKeyPhrases(weighted, language, [company]),
    readableText,
    language,
    links: home.links,
    stylesheets: home.stylesheets,
    look: {
      colors: colorsOf(home.rawHtml, home.themeColor, stylesheets),
      logoUrl: home.logoUrl,
    },
  };
};

/**
 * How much of each page's text the tagger reads for key phrases: the headings and description whole,
 * then the first paragraphs. Tagging costs about 15 ms per 1,000 characters, and what a site is about is
 * said early on each page (its headings count double). Reading a 60 KB home page whole took 110 ms of CPU
 * (12 ms before the tagger), these bounds about half of that.
 */
const HOME_PHRASE_CHARS = 1_500;
const PAGE_PHRASE_CHARS = 600;

/** The first paragraphs, whole, up to `max` characters (at least one). */
const leadingText = (paragraphs: readonly string[], max: number): string[] => {
  const kept: string[] = [];
  let size = 0;
  for (const paragraph of paragraphs) {
    if (kept.length > 0 && size + paragraph.length > max) break;
    kept.push(paragraph);
    size += paragraph.length;
  }
  return kept;
};

/** The site's key phrases in English: noun phrases the site says at least twice (noun-phrases.ts). */
const keyPhrasesInEnglish = (weighted: { text: string; weight: number }[], company: string): string[] =>
  keyNounPhrases(weighted, { exclude: [company], limit: KEY_PHRASE_LIMITS.phrases }).map((entry) =>
    cut(entry.phrase, KEY_PHRASE_LIMITS.phraseChars),
  );

/**
 * What the content writing needs to know about a company, read from one page: name, description,
 * keywords and headings, and the brand profile (offer, audience, tone, key phrases) drawn from the
 * page's readable text. Every value is plain text from the DOM's text, never its markup.
 */
export const extractSiteProfile = (html: string, finalUrl: string): SiteProfile =>
  profileOf(readPage(html, finalUrl));

/** An element's text with its block structure kept as spaces ("<h1>Pick<br>faster</h1>" → "Pick faster"). */
const paragraphsTextOf = (element: TextNode): string => {
  const stack: TextNode[] = [element];
  const parts: string[] = [];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) continue;
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    else if (node.nodeType === 1) {
      const tag = (node.tagName ?? '').toUpperCase();
      if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TEMPLATE' || tag === 'NOSCRIPT') continue;
      parts.push(' ');
      for (let i = node.childNodes.length - 1; i >= 0; i--) {
        const child = node.childNodes[i];
        if (child) stack.push(child);
      }
    }
  }
  return parts.join('');
};
