import { collapse, cutAtWord } from './plain-text';

/**
 * The pages a site's own navigation links to, and the audience sections on a page. A home page alone
 * often says little of what is sold and to whom: the about, product, pricing and customers pages say
 * it, and the navigation names them. Only same-site pages are followed, at most SITE_PAGES_MAX, the
 * telling ones (about, product, features, pricing, customers…) first.
 */

export const SITE_PAGES_MAX = 6;

type Element = {
  textContent: string | null;
  tagName?: string;
  getAttribute: (name: string) => string | null;
  nextElementSibling?: Element | null;
  querySelectorAll: (selector: string) => ArrayLike<Element>;
};
type Queryable = { querySelectorAll: (selector: string) => ArrayLike<Element> };

/** Pages that tell what a company sells and to whom, by the words of their address or link text. */
const TELLING: readonly RegExp[] = [
  /\babout|uber|über|company|team|who-we-are\b/i,
  /\bproduct|produkt|platform|features?|how-it-works|solutions?|services?\b/i,
  /\bpricing|prices?|plans?\b/i,
  /\bcustomers?|kunden|clients?|case-stud|stories|work|portfolio\b/i,
  /\bareas?|industr|use-cases?|who\b/i,
];
/** Pages that say nothing about the offer, or are not pages at all. */
const SKIPPED =
  /\b(?:log-?in|sign-?in|sign-?up|register|cart|checkout|account|privacy|terms|cookies?|legal|imprint|impressum|careers|jobs|press|status|feed|rss)\b|\.(?:pdf|zip|png|jpe?g|gif|svg|webp|mp4|xml|json|css|js)$/i;

const sameSite = (a: URL, b: URL): boolean =>
  a.hostname.replace(/^www\./i, '') === b.hostname.replace(/^www\./i, '');

/** The same-site pages the navigation (nav, header; else the whole page) links to, the telling ones first. */
export const navigationLinksOf = (document: Queryable, finalUrl: string): string[] => {
  const base = URL.parse(finalUrl);
  if (!base) return [];
  const inNavigation = Array.from(document.querySelectorAll('nav a[href], header a[href]'));
  const anchors = inNavigation.length > 0 ? inNavigation : Array.from(document.querySelectorAll('a[href]'));
  const found: { href: string; rank: number; order: number }[] = [];
  const seen = new Set<string>([`${base.origin}${base.pathname}`]);
  anchors.forEach((anchor, order) => {
    const url = URL.parse(anchor.getAttribute('href') ?? '', base);
    if (!url || !/^https?:$/.test(url.protocol) || !sameSite(base, url)) return;
    url.hash = '';
    url.search = '';
    const key = `${url.origin}${url.pathname}`;
    const words = `${url.pathname} ${collapse(anchor.textContent ?? '')}`;
    if (seen.has(key) || SKIPPED.test(url.pathname) || SKIPPED.test(words.toLowerCase().replace(/\s+/g, '-')))
      return;
    seen.add(key);
    const telling = TELLING.findIndex((pattern) => pattern.test(words));
    found.push({ href: url.href, rank: telling < 0 ? TELLING.length : telling, order });
  });
  return found
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, SITE_PAGES_MAX)
    .map((link) => link.href);
};

/** Headings that open a section naming who the product is for. */
const AUDIENCE_HEADING =
  /\b(?:who (?:it|this|we)['’]?(?:s| is| are)? (?:for|serve|help|work with)|who (?:it|this) is for|built for|made for|designed for|perfect for|ideal for|for teams (?:that|who)|who uses|our (?:customers|clients) are|who we serve)\b/i;

const AUDIENCE_ITEMS_MAX = 5;
const AUDIENCE_ITEM_CHARS = 100;

/**
 * Who the site says it is for, from a section that names it ("Who it is for", "Built for …", "Made for
 * retail chains"): the section's list items as written, else the heading's own words after "for" and
 * the first sentence under it. Empty when no heading names an audience.
 */
export const audienceSectionOf = (document: Queryable): string[] => {
  const items: string[] = [];
  for (const heading of Array.from(document.querySelectorAll('h2, h3, h4'))) {
    const title = collapse(heading.textContent ?? '');
    if (!AUDIENCE_HEADING.test(title)) continue;
    const listed: string[] = [];
    let sentence: string | null = null;
    for (
      let next = heading.nextElementSibling ?? null;
      next && !/^H[1-4]$/i.test(next.tagName ?? '');
      next = next.nextElementSibling ?? null
    ) {
      const tag = (next.tagName ?? '').toUpperCase();
      if (tag === 'UL' || tag === 'OL')
        listed.push(...Array.from(next.querySelectorAll('li')).map((li) => collapse(li.textContent ?? '')));
      else if (tag === 'P' && sentence === null)
        sentence = collapse(next.textContent ?? '').match(/^[^.!?]+[.!?]/)?.[0] ?? null;
    }
    if (listed.length > 0) items.push(...listed);
    else {
      // "Built for founders who need to raise and hire": the heading names them itself.
      const named = title.match(/\bfor\s+(.{3,})$/i)?.[1];
      if (named && !/^(?:you|us|it)\b/i.test(named)) items.push(named);
      if (sentence) items.push(sentence.replace(/[.!?]$/, ''));
    }
  }
  return [
    ...new Set(items.filter((item) => item.length >= 3).map((item) => cutAtWord(item, AUDIENCE_ITEM_CHARS))),
  ].slice(0, AUDIENCE_ITEMS_MAX);
};
