import { requireOnce } from '../../lib/core/load-once';
import { deriveAudience } from './brand/audience';
import { extractKeyPhrases } from './brand/key-phrases';
import { deriveOffer } from './brand/offer';
import { collapse, cut, uniqueCaseless } from './brand/plain-text';
import { readableParagraphs, type TextNode, withoutRawElements } from './brand/readable-text';
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

type Element = TextNode & { textContent: string | null; getAttribute: (name: string) => string | null };
type ParsedDocument = {
  documentElement: Element | null;
  body: Element | null;
  querySelector: (selector: string) => Element | null;
  querySelectorAll: (selector: string) => ArrayLike<Element>;
};

/**
 * What the content writing needs to know about a company, read from its home page: name,
 * description, keywords and headings as before, and the brand profile (offer, audience, tone, key
 * phrases) drawn from the page's readable text. Every value is plain text from the DOM's text, never
 * its markup.
 */
/** linkedom is loaded when the first page is read, not with the server (lib/core/load-once.ts). */
const linkedom = requireOnce<typeof import('linkedom')>('linkedom');

export const extractSiteProfile = (html: string, finalUrl: string): SiteProfile => {
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
  const htmlLang = document.documentElement?.getAttribute('lang') ?? null;
  const company = cut(name, PROFILE_LIMITS.nameChars) || hostName(finalUrl);
  const cutDescription = description ? cut(description, PROFILE_LIMITS.descriptionChars) : null;

  // Readability changes the document: everything else has been read by now.
  const paragraphs = readableParagraphs(document, document.body);
  const readableText = joinUpTo(paragraphs, PROFILE_LIMITS.readableTextChars);
  const kept = readableText ? readableText.split('\n') : [];
  const language = detectLanguage(`${description ?? ''}\n${readableText}`, htmlLang);
  const emphasised = [cutDescription ?? '', ...headings].join('\n');

  return {
    name: company,
    description: cutDescription,
    keywords: uniqueCaseless(keywords, PROFILE_LIMITS.keywords),
    headings,
    company,
    offer: deriveOffer({ description: cutDescription, heroHeadings, paragraphs: kept, company }),
    audience: deriveAudience({ emphasised, body: readableText }),
    tone: deriveTone(readableText || emphasised, language),
    keyPhrases: extractKeyPhrases(
      [{ text: emphasised, weight: 2 }, ...kept.map((paragraph) => ({ text: paragraph, weight: 1 }))],
      language,
      [company],
    ),
    readableText,
    language,
  };
};

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
