import type { LoadedFace } from './fonts';
import type { LayoutContext, TextBlock } from './layout-types';
import { linesHeight, type Node, textLines } from './nodes';
import { sizeForWords, wrapText } from './wrap-text';

/** How much smaller a block may be drawn so that its longest word fits whole. */
const MIN_WORD_SCALE = 0.6;

export type DrawnText = { node: Node; height: number; block: TextBlock };

/** A text wrapped to `width` (cut to the fitting's line limit for its id) and its drawn height. */
export const drawText = (options: {
  id: string;
  label: string;
  text: string;
  face: LoadedFace;
  size: number;
  lineHeight: number;
  width: number;
  color: string;
  limits: Record<string, number>;
  style?: Record<string, unknown>;
}): DrawnText => {
  // A word wider than the box makes its block smaller (to 60 % at most) before any word is broken.
  const size = sizeForWords(
    options.face,
    options.text,
    options.size,
    options.width,
    options.size * MIN_WORD_SCALE,
  );
  const wrapped = wrapText(options.face, options.text, size, options.width, options.limits[options.id]);
  return {
    node: textLines(wrapped.lines, options.face, size, options.lineHeight, options.color, options.style),
    height: linesHeight(wrapped.lines.length, size, options.lineHeight),
    block: { id: options.id, label: options.label, lines: wrapped.lines.length, cut: wrapped.cut },
  };
};

const pointId = (index: number) => `point-${index + 1}`;
export const pointLabel = (index: number) => `Point ${index + 1}`;

/** Point `index` of the content in the body font at 1.3 line height, as every layout draws its points. */
export const drawPoint = (
  ctx: LayoutContext,
  point: string,
  index: number,
  look: { size: number; width: number; color: string },
  limits: Record<string, number>,
): DrawnText =>
  drawText({
    id: pointId(index),
    label: pointLabel(index),
    text: point,
    face: ctx.body.regular,
    size: look.size,
    lineHeight: 1.3,
    width: look.width,
    color: look.color,
    limits,
  });

/** The headline across the whole inner width, in the heading font's bold. */
export const drawHeadline = (
  ctx: LayoutContext,
  size: number,
  lineHeight: number,
  limits: Record<string, number>,
): DrawnText =>
  drawText({
    id: 'headline',
    label: 'Headline',
    text: ctx.content.headline,
    face: ctx.heading.bold,
    size,
    lineHeight,
    width: ctx.inner.width,
    color: ctx.design.colors.text,
    limits,
  });
