import type { LoadedFace } from './fonts';

/**
 * Satori and the metrics reader shape text almost alike; lines are measured against a slightly
 * narrower box so a line measured as fitting is never wrapped again (or clipped) when drawn.
 */
const SAFETY = 0.96;
export const ELLIPSIS = '…';

export const textWidth = (face: LoadedFace, text: string, size: number): number =>
  face.metrics.getAdvanceWidth(text, size, { kerning: true });

export type Wrapped = { lines: string[]; cut: boolean };

/**
 * A word wider than the box split where a reader accepts a break: after the hyphens and slashes it
 * already has ("internationalisation-" / "ready,"), never inside a part. One part still too wide is
 * left whole: the caller draws the block smaller (sizeForWords) before anything breaks a word.
 */
const splitAtHyphens = (word: string): string[] => word.match(/[^-/–—]+[-/–—]*|[-/–—]+/g) ?? [word];

const fitAtHyphens = (face: LoadedFace, word: string, size: number, width: number): string[] => {
  const parts = splitAtHyphens(word);
  const pieces: string[] = [];
  let piece = '';
  for (const part of parts) {
    if (piece && textWidth(face, piece + part, size) > width) {
      pieces.push(piece);
      piece = part;
    } else piece += part;
  }
  if (piece) pieces.push(piece);
  return pieces;
};

/**
 * The size at which every word of `text` (split at its own hyphens) fits the box, from `size` down to
 * `minSize`: a block is drawn smaller rather than have a word broken inside itself. Below `minSize` a
 * word (a long URL) is still broken by characters in wrapText, as the last resort.
 */
export const sizeForWords = (
  face: LoadedFace,
  text: string,
  size: number,
  boxWidth: number,
  minSize: number,
): number => {
  const width = boxWidth * SAFETY;
  const widest = Math.max(
    0,
    ...text
      .split(/\s+/)
      .filter(Boolean)
      .flatMap(splitAtHyphens)
      .map((part) => textWidth(face, part, size)),
  );
  if (widest <= width) return size;
  return Math.max(minSize, Math.floor(((size * width) / widest) * 10) / 10);
};

/** Splits a word wider than the box into pieces that fit, by characters: only a word no size can fit. */
const breakWord = (face: LoadedFace, word: string, size: number, width: number): string[] => {
  const pieces: string[] = [];
  let piece = '';
  for (const char of Array.from(word)) {
    if (piece && textWidth(face, piece + char, size) > width) {
      pieces.push(piece);
      piece = char;
    } else piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
};

/** Shortens the last line at a word so that it and the ellipsis fit the box. */
const withEllipsis = (face: LoadedFace, line: string, size: number, width: number): string => {
  const words = line.split(' ');
  while (words.length > 1 && textWidth(face, `${words.join(' ')}${ELLIPSIS}`, size) > width) words.pop();
  let last = words.join(' ').replace(/[\s,;:.–—-]+$/, '');
  // One word still too wide: cut it by characters (the only case a word is broken for the ellipsis).
  while (last.length > 1 && textWidth(face, `${last}${ELLIPSIS}`, size) > width) last = last.slice(0, -1);
  return `${last}${ELLIPSIS}`;
};

/**
 * Greedy word wrap of `text` at `size` within `width` pixels. With `maxLines`, text beyond it is cut
 * at a word with "…" and `cut` says so.
 */
export const wrapText = (
  face: LoadedFace,
  text: string,
  size: number,
  boxWidth: number,
  maxLines = Number.POSITIVE_INFINITY,
): Wrapped => {
  const width = boxWidth * SAFETY;
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => (textWidth(face, word, size) > width ? fitAtHyphens(face, word, size, width) : [word]))
    .flatMap((word) => (textWidth(face, word, size) > width ? breakWord(face, word, size, width) : [word]));
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(face, candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return { lines, cut: false };
  const kept = lines.slice(0, Math.max(1, maxLines));
  const lastIndex = kept.length - 1;
  kept[lastIndex] = withEllipsis(
    face,
    `${kept[lastIndex]} ${lines[lastIndex + 1] ?? ''}`.trim(),
    size,
    width,
  );
  return { lines: kept, cut: true };
};
