import { escapeHtml, squash, wordCount } from './text-tools';

/**
 * A section's body as blocks of plain text, rendered to HTML in one place: every value is escaped
 * there, so no text from a profile or an input can open a tag, and the only tags that come out are
 * p, ul, ol, li, strong, em, blockquote and a (https only).
 */
export type Inline = string | { strong: string } | { em: string } | { link: string; href: string };

export type Block =
  | { kind: 'p'; parts: Inline[] }
  | { kind: 'ul' | 'ol'; items: Inline[][] }
  | { kind: 'quote'; text: string };

export const paragraph = (...parts: Inline[]): Block => ({ kind: 'p', parts });
export const list = (ordered: boolean, items: Inline[][]): Block => ({ kind: ordered ? 'ol' : 'ul', items });
export const quote = (text: string): Block => ({ kind: 'quote', text });

const isHttps = (href: string): boolean => {
  try {
    return new URL(href).protocol === 'https:';
  } catch {
    return false;
  }
};

const inlineHtml = (part: Inline): string => {
  if (typeof part === 'string') return escapeHtml(part);
  if ('strong' in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
  if ('em' in part) return `<em>${escapeHtml(part.em)}</em>`;
  // A link whose address is not https is written as its text alone.
  return isHttps(part.href)
    ? `<a href="${escapeHtml(part.href)}">${escapeHtml(part.link)}</a>`
    : escapeHtml(part.link);
};

const inlineText = (part: Inline): string =>
  typeof part === 'string' ? part : 'strong' in part ? part.strong : 'em' in part ? part.em : part.link;

/** Parts joined with single spaces where the seams need one ("<strong>Start.</strong> Then…"). */
const joinParts = (parts: Inline[], render: (part: Inline) => string): string =>
  squash(
    parts
      .map(render)
      .filter((piece) => piece.trim() !== '')
      .join(' '),
  ).replace(/ +([,.;:!?])/g, '$1');

export const blockHtml = (block: Block): string => {
  if (block.kind === 'p') return `<p>${joinParts(block.parts, inlineHtml)}</p>`;
  if (block.kind === 'quote') return `<blockquote><p>${escapeHtml(squash(block.text))}</p></blockquote>`;
  const items = block.items.map((item) => `<li>${joinParts(item, inlineHtml)}</li>`).join('');
  return `<${block.kind}>${items}</${block.kind}>`;
};

export const blocksHtml = (blocks: Block[]): string => blocks.map(blockHtml).join('\n');

export const blockText = (block: Block): string => {
  if (block.kind === 'p') return joinParts(block.parts, inlineText);
  if (block.kind === 'quote') return squash(block.text);
  return block.items.map((item) => joinParts(item, inlineText)).join('\n');
};

export const blocksText = (blocks: Block[]): string => blocks.map(blockText).join('\n\n');

export const blocksWords = (blocks: Block[]): number =>
  blocks.reduce((sum, block) => sum + wordCount(blockText(block)), 0);
