import { escapeHtml } from '../../../core/escape-html';

const textOf = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const sameWords = (a: string, b: string): boolean =>
  a
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim() ===
  b
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Plain text (a model that ignored "HTML"): paragraphs and "- " lists as HTML, every character escaped. */
const htmlOfPlainText = (text: string): string =>
  text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n').map((line) => line.trim());
      if (lines.every((line) => /^[-*•]\s+/.test(line))) {
        return `<ul>${lines.map((line) => `<li>${escapeHtml(line.replace(/^[-*•]\s+/, ''))}</li>`).join('')}</ul>`;
      }
      return `<p>${escapeHtml(lines.join(' '))}</p>`;
    })
    .join('');

/**
 * A section's body as the model wrote it, tidied: no code fence around it, no repeat of its own heading
 * at the top (the post puts the heading in its <h2>), and HTML even when the model wrote plain text.
 * It is not the sanitiser: the blogs module sanitises every body before it is stored or shown.
 */
export const sectionHtmlOf = (answer: string, heading: string): string => {
  let html = answer.trim();
  const fenced = /^```(?:html)?\s*([\s\S]*?)\s*```$/i.exec(html);
  if (fenced?.[1] !== undefined) html = fenced[1].trim();
  const leading = /^<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>\s*/i.exec(html);
  if (leading && sameWords(textOf(leading[1] ?? ''), heading)) html = html.slice(leading[0].length);
  const markdownHeading = /^#{1,3}\s+(.+)\n+/.exec(html);
  if (markdownHeading && sameWords(markdownHeading[1] ?? '', heading))
    html = html.slice(markdownHeading[0].length);
  return /<[a-z][^>]*>/i.test(html) ? html.trim() : htmlOfPlainText(html);
};

export const headingHtml = (heading: string): string => `<h2>${escapeHtml(heading)}</h2>`;

/** The post as plain text, for the prompt that rewrites one of its sections (fewer tokens than HTML). */
export const plainTextOf = textOf;
