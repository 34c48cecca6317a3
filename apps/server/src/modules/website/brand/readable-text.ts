import type { Readability as ReadabilityClass } from '@mozilla/readability';
import { requireOnce } from '../../../lib/core/load-once';
import { collapse } from './plain-text';

/** The DOM surface used here; linkedom's nodes provide it (kept structural so no DOM lib types are needed). */
export type TextNode = {
  nodeType: number;
  nodeValue?: string | null;
  tagName?: string;
  childNodes: ArrayLike<TextNode>;
  getAttribute?: (name: string) => string | null;
  hasAttribute?: (name: string) => boolean;
};

/** Elements that start and end a paragraph of text. */
const BLOCK_TAGS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TD',
  'TH',
  'TR',
  'UL',
]);

/** Never text a reader sees. */
const NEVER_TEXT = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'MATH',
  'IFRAME',
  'OBJECT',
  'CANVAS',
  'SELECT',
  'OPTION',
  'TEXTAREA',
  'BUTTON',
  'INPUT',
  'HEAD',
  'TITLE',
]);

/** Page furniture: menus, footers, forms, cookie banners. Left out of the fallback text. */
const CHROME_TAGS = new Set(['NAV', 'FOOTER', 'ASIDE', 'FORM', 'DIALOG']);
const CHROME_ROLES = new Set(['navigation', 'contentinfo', 'banner-nav', 'dialog', 'alertdialog', 'search']);
const CHROME_NAMES =
  /cookie|consent|gdpr|newsletter|popup|modal|breadcrumb|skip-link|sr-only|visually-hidden/i;

const isChrome = (element: TextNode, tag: string): boolean => {
  if (CHROME_TAGS.has(tag)) return true;
  const attr = (name: string) => element.getAttribute?.(name) ?? null;
  if (element.hasAttribute?.('hidden') || attr('aria-hidden') === 'true') return true;
  const role = attr('role');
  if (role && CHROME_ROLES.has(role)) return true;
  return CHROME_NAMES.test(`${attr('id') ?? ''} ${attr('class') ?? ''}`);
};

/**
 * The text of an element as paragraphs (one per block element), whitespace collapsed, empty and
 * repeated paragraphs dropped. Walks with its own stack, so a page nested 100,000 deep cannot
 * overflow the call stack.
 */
export const paragraphsOf = (root: TextNode, { skipChrome }: { skipChrome: boolean }): string[] => {
  const paragraphs: string[] = [];
  const seen = new Set<string>();
  let current = '';
  const flush = () => {
    const text = collapse(current);
    current = '';
    if (!text || seen.has(text)) return;
    seen.add(text);
    paragraphs.push(text);
  };
  /** A null entry marks the end of a block element. */
  const stack: (TextNode | null)[] = [];
  const pushChildren = (node: TextNode) => {
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push(child);
    }
  };
  pushChildren(root);
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null) {
      flush();
      continue;
    }
    if (!node) continue;
    if (node.nodeType === 3) {
      current += node.nodeValue ?? '';
      continue;
    }
    if (node.nodeType !== 1) continue;
    const tag = (node.tagName ?? '').toUpperCase();
    if (NEVER_TEXT.has(tag)) continue;
    if (skipChrome && isChrome(node, tag)) continue;
    if (BLOCK_TAGS.has(tag)) {
      flush();
      stack.push(null);
    } else {
      // Inline elements still separate words ("<span>Pick</span><span>faster</span>").
      current += tag === 'IMG' || tag === 'A' || tag === 'SPAN' ? ' ' : '';
    }
    pushChildren(node);
  }
  flush();
  return paragraphs;
};

/**
 * The raw contents of script, style, noscript, template and svg elements taken out of the HTML
 * before it is parsed: they are never text, and on a typical home page they are half its bytes.
 * One forward pass (an element left open runs to the end, as a browser reads it), so a page of
 * unclosed <script> tags costs no more than any other.
 */
export const withoutRawElements = (html: string): string => {
  const opener = /<(script|style|noscript|template|svg)(?=[\s>/])/gi;
  const parts: string[] = [];
  let from = 0;
  for (let match = opener.exec(html); match; match = opener.exec(html)) {
    const tag = (match[1] ?? '').toLowerCase();
    const closer = new RegExp(`</${tag}\\s*>`, 'gi');
    closer.lastIndex = match.index;
    const close = closer.exec(html);
    parts.push(html.slice(from, match.index), ' ');
    if (!close) return parts.join('');
    from = close.index + close[0].length;
    opener.lastIndex = from;
  }
  parts.push(html.slice(from));
  return parts.join('');
};

/** Page furniture removed before Readability reads the page (its text is left out anyway). */
const CHROME_SELECTOR = [
  'nav',
  'footer',
  'aside',
  'form',
  'dialog',
  '[role="navigation"]',
  '[role="contentinfo"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[aria-hidden="true"]',
  '[hidden]',
].join(', ');

type Removable = { remove: () => void };
type Queryable = { querySelectorAll: (selector: string) => ArrayLike<Removable> };

/**
 * Readability's time grows much faster than the page when elements nest deeply (a 1,000-deep page
 * takes it seconds): pages nested deeper than this, or with more elements, are read without it.
 */
export const READABILITY_LIMITS = { depth: 120, elements: 6_000 } as const;

/** Whether the tree stays within the limits; stops counting as soon as it does not. */
const withinReadabilityLimits = (root: TextNode): boolean => {
  const stack: [TextNode, number][] = [[root, 0]];
  let elements = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [TextNode, number];
    if (node.nodeType !== 1) continue;
    elements++;
    if (depth > READABILITY_LIMITS.depth || elements > READABILITY_LIMITS.elements) return false;
    const children = node.childNodes;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child && child.nodeType === 1) stack.push([child, depth + 1]);
    }
  }
  return true;
};

const lengthOf = (paragraphs: string[]) => paragraphs.reduce((sum, paragraph) => sum + paragraph.length, 0);

/**
 * The site's readable text. Readability finds the main content of article-like pages; on landing
 * pages (many short sections) it often keeps only one of them, so when its article holds less than
 * 40% of the page's own text (menus, footers and forms left out), the page's text is used instead.
 * Readability changes the document it reads: call this after everything else has been read.
 * Pages beyond READABILITY_LIMITS get the page's text.
 */
/** Loaded when the first page is read, not with the server (lib/core/load-once.ts). */
const readability = requireOnce<{ Readability: typeof ReadabilityClass }>('@mozilla/readability');

export const readableParagraphs = (document: unknown, body: TextNode | null): string[] => {
  const page = body ? paragraphsOf(body, { skipChrome: true }) : [];
  let article: string[] = [];
  if (!body || !withinReadabilityLimits(body)) return page;
  const { Readability } = readability();
  try {
    for (const element of Array.from((document as Queryable).querySelectorAll(CHROME_SELECTOR)))
      element.remove();
    const parsed = new Readability(document as ConstructorParameters<typeof Readability>[0], {
      charThreshold: 200,
      keepClasses: false,
      serializer: (element) => element,
    }).parse();
    const content = parsed?.content as unknown as TextNode | null | undefined;
    if (content && typeof content === 'object') article = paragraphsOf(content, { skipChrome: false });
  } catch {
    // An odd page Readability cannot walk: the page's own text serves.
  }
  return lengthOf(article) >= lengthOf(page) * 0.4 && article.length > 0 ? article : page;
};
