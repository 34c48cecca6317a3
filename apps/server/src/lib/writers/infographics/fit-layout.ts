import type { TInfographicFit } from '@sales-assist/contract';
import { type LaidOut, type Layout, type LayoutContext, MIN_SCALE } from './layout-types';
import { pointLabel } from './text-block';

const SCALE_STEP = 0.05;

/** The text to cut next: the one taking the most lines; between equals, a point before the headline. */
const nextToCut = (laid: LaidOut) =>
  laid.blocks
    .filter((block) => block.lines > 1)
    .sort((a, b) => b.lines - a.lines || Number(a.id === 'headline') - Number(b.id === 'headline'))[0];

/**
 * Draws the layout so that everything fits, in this order: at the design size; made smaller step by
 * step down to MIN_SCALE (still readable); then, smallest first, the longest text loses its last line
 * (cut at a word with "…"); then, as the very last resort, the last points are left out. Every change
 * is reported, so nothing is ever clipped without the user being told.
 */
export const fitLayout = (layout: Layout, start: LayoutContext): { laid: LaidOut; fit: TInfographicFit } => {
  let ctx = start;
  let scale = 1;
  let laid = layout(ctx, scale, {});
  while (laid.used > ctx.inner.height && scale > MIN_SCALE + 1e-9) {
    scale = Math.max(MIN_SCALE, Math.round((scale - SCALE_STEP) * 100) / 100);
    laid = layout(ctx, scale, {});
  }
  const limits: Record<string, number> = {};
  const dropped: string[] = [];
  for (let guard = 0; laid.used > ctx.inner.height && guard < 200; guard++) {
    const block = nextToCut(laid);
    if (block) limits[block.id] = block.lines - 1;
    else if (ctx.content.points.length > 0) {
      dropped.unshift(pointLabel(ctx.content.points.length - 1));
      ctx = { ...ctx, content: { ...ctx.content, points: ctx.content.points.slice(0, -1) } };
    } else break;
    laid = layout(ctx, scale, limits);
  }
  const cut = laid.blocks.filter((block) => block.cut).map((block) => block.label);
  const notes = [...laid.notes];
  if (scale < 1) notes.push(`The text was drawn at ${Math.round(scale * 100)}% of the design's size to fit.`);
  for (const label of cut) notes.push(`${label} was cut short to fit (it ends with "…").`);
  for (const label of dropped) notes.push(`${label} was left out: there was no room for it.`);
  if (laid.used > ctx.inner.height) notes.push('The text is still too long for this size: shorten it.');
  return { laid, fit: { scale, shrunk: scale < 1, cut, dropped, notes } };
};
