/**
 * What a site looks like, for pictures in the brand's colours with its logo: the colours it declares
 * (theme-color, CSS custom properties named brand/primary/accent) and the ones it uses most, greys left
 * out; and its logo (an image named or described as the logo, else its icon, else its og:image), as an
 * absolute address on the same site. Read from the raw HTML and same-site stylesheets: nothing is drawn
 * or downloaded here.
 */

export type SiteLook = { colors: string[]; logoUrl: string | null };

export const LOOK_LIMITS = {
  colors: 4,
  stylesheets: 2,
  stylesheetBytes: 256 * 1024,
  logoBytes: 1024 * 1024,
} as const;

/** The logo files read: what sharp draws (no .ico: sharp cannot read it, and a touch icon is better anyway). */
export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];

const HEX = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/gi;
const NAMED_PROPERTY =
  /--[\w-]*(?:brand|primary|accent|main|secondary|highlight)[\w-]*\s*:\s*(#(?:[0-9a-f]{6}|[0-9a-f]{3}))\b/gi;

const fullHex = (hex: string): string => {
  const body = hex.slice(1).toLowerCase();
  return `#${body.length === 3 ? [...body].map((digit) => digit + digit).join('') : body}`;
};

/** Greys, near-white and near-black say nothing about a brand. */
const isNeutral = (hex: string): boolean => {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
  return Math.max(r, g, b) - Math.min(r, g, b) < 24;
};

/** The CSS a page holds itself: its <style> elements and style attributes. */
const inlineCss = (html: string): string =>
  [
    ...[...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1] ?? ''),
    ...[...html.matchAll(/\sstyle\s*=\s*("[^"]*"|'[^']*')/gi)].map((match) => match[1] ?? ''),
  ].join('\n');

/**
 * The brand's colours, most telling first: theme-color, then colours in custom properties named for the
 * brand, then the colours the page and its stylesheets use most. At most four, none grey.
 */
export const colorsOf = (
  html: string,
  themeColor: string | null,
  stylesheets: readonly string[],
): string[] => {
  const score = new Map<string, number>();
  const add = (hex: string, weight: number) => {
    const color = fullHex(hex);
    if (!isNeutral(color)) score.set(color, (score.get(color) ?? 0) + weight);
  };
  if (themeColor && /^#(?:[0-9a-f]{6}|[0-9a-f]{3})$/i.test(themeColor.trim())) add(themeColor.trim(), 100);
  const css = [inlineCss(html), ...stylesheets].join('\n');
  for (const match of css.matchAll(NAMED_PROPERTY)) add(match[1] ?? '', 20);
  for (const match of css.matchAll(HEX)) add(match[0], 1);
  return [...score.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, LOOK_LIMITS.colors)
    .map(([color]) => color);
};

type Element = { getAttribute: (name: string) => string | null; closest?: (selector: string) => unknown };
type Queryable = { querySelectorAll: (selector: string) => ArrayLike<Element> };

const sameSite = (a: URL, b: URL): boolean =>
  a.hostname.replace(/^www\./i, '') === b.hostname.replace(/^www\./i, '') && /^https?:$/.test(b.protocol);

const resolve = (href: string | null, base: URL): URL | null => {
  if (!href || /^(?:data|javascript|mailto|tel):/i.test(href.trim())) return null;
  const url = URL.parse(href.trim(), base);
  return url && sameSite(base, url) ? url : null;
};

/** The logo: an image the page calls its logo (in the header first), else its icon, else og:image. */
export const logoOf = (document: Queryable, finalUrl: string): string | null => {
  const base = URL.parse(finalUrl);
  if (!base) return null;
  const images = Array.from(document.querySelectorAll('img'));
  const named = images.filter((image) =>
    /logo/i.test(
      [
        image.getAttribute('alt'),
        image.getAttribute('class'),
        image.getAttribute('id'),
        image.getAttribute('src'),
      ].join(' '),
    ),
  );
  const inHeader = named.filter((image) => Boolean(image.closest?.('header, nav')));
  const icons = Array.from(document.querySelectorAll('link[rel]'))
    .filter((link) => /\b(?:apple-touch-icon|icon)\b/i.test(link.getAttribute('rel') ?? ''))
    // The larger touch icon and a vector icon draw better than a 16-pixel favicon.
    .sort(
      (a, b) =>
        Number(/apple-touch/i.test(b.getAttribute('rel') ?? '')) -
          Number(/apple-touch/i.test(a.getAttribute('rel') ?? '')) ||
        Number(/\.svg\b/i.test(b.getAttribute('href') ?? '')) -
          Number(/\.svg\b/i.test(a.getAttribute('href') ?? '')),
    );
  const ogImage = Array.from(document.querySelectorAll('meta[property="og:image" i]'));
  const candidates = [
    ...inHeader.map((image) => image.getAttribute('src')),
    ...named.map((image) => image.getAttribute('src')),
    ...icons.map((link) => link.getAttribute('href')),
    ...ogImage.map((meta) => meta.getAttribute('content')),
  ];
  for (const candidate of candidates) {
    const url = resolve(candidate, base);
    if (url) return url.href;
  }
  return null;
};

/** Same-site stylesheets the page links, to read their colours (at most LOOK_LIMITS.stylesheets). */
export const stylesheetsOf = (document: Queryable, finalUrl: string): string[] => {
  const base = URL.parse(finalUrl);
  if (!base) return [];
  return Array.from(document.querySelectorAll('link[rel~="stylesheet" i][href]'))
    .map((link) => resolve(link.getAttribute('href'), base)?.href ?? null)
    .filter((href): href is string => href !== null)
    .slice(0, LOOK_LIMITS.stylesheets);
};
