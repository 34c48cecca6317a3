import type sanitizeHtml from 'sanitize-html';
import { requireOnce } from '../../lib/core/load-once';
import type { BlogSection } from '../../lib/writers/content-writer/types';

/**
 * What a blog body may hold: the tags the editor writes (TipTap's starter kit and links) and nothing
 * that runs or loads anything. Scripts, styles, event handlers (onerror…), frames, forms and
 * javascript: links are dropped, so a body is safe to store and to show, whoever wrote it.
 */
const optionsWith = (sanitize: typeof sanitizeHtml): sanitizeHtml.IOptions => ({
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'a',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // A heading level the editor does not offer becomes the nearest one it does.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
});

/** sanitize-html (with postcss) is loaded at the first body sanitised, not with the server (lib/core/load-once.ts). */
const loadSanitizeHtml = requireOnce<typeof sanitizeHtml>('sanitize-html');
let options: sanitizeHtml.IOptions | null = null;

export const sanitizeBlogHtml = (html: string): string => {
  const sanitize = loadSanitizeHtml();
  options ??= optionsWith(sanitize);
  return sanitize(html, options).trim();
};

const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The stored body: each section under its `<h2>`, sanitised as a whole. */
export const bodyOfSections = (sections: readonly BlogSection[]): string =>
  sanitizeBlogHtml(
    sections
      .map((section) =>
        section.heading.trim()
          ? `<h2>${escapeText(section.heading.trim())}</h2>${section.html}`
          : section.html,
      )
      .join(''),
  );

const decodeEntities = (text: string): string =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The plain text of a (sanitised) body, for word counts and excerpts. */
export const textOfBody = (html: string): string =>
  decodeEntities(html.replace(/<\/(p|h[2-4]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

export const wordCountOf = (html: string): number => textOfBody(html).split(' ').filter(Boolean).length;

const H2 = /<h2(?:\s[^>]*)?>([\s\S]*?)<\/h2>/i;

/**
 * The body cut back into its sections, at each `<h2>`: what "Regenerate section" works on. Text before
 * the first heading (an introduction the user typed) is a section with an empty heading.
 */
export const sectionsOfBody = (html: string): BlogSection[] => {
  const parts = html.split(/(?=<h2[\s>])/i).filter((part) => part.trim() !== '');
  return parts.map((part) => {
    const match = H2.exec(part);
    if (match?.index !== 0) return { heading: '', html: part };
    return { heading: textOfBody(match[1] ?? ''), html: part.slice(match[0].length) };
  });
};
