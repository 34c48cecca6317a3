import type { Layout } from '../layout-types';
import { box } from '../nodes';
import { drawHeadline, drawPoint } from '../text-block';

/** The headline as a large quotation, the points beneath it as smaller lines after an accent rule. */
export const quoteLayout: Layout = (ctx, scale, limits) => {
  const { colors } = ctx.design;
  const u = ctx.unit * scale;
  const markSize = Math.round(180 * u);
  // The quotation mark's glyph sits high in its line: only about half its size is ink.
  const markHeight = Math.round(markSize * 0.55);
  const quote = drawHeadline(ctx, 68 * u, 1.22, limits);
  const pointGap = Math.round(14 * u);
  const points = ctx.content.points.map((point, index) =>
    drawPoint(ctx, point, index, { size: 32 * u, width: ctx.inner.width, color: colors.muted }, limits),
  );
  const rule = points.length > 0 ? Math.max(3, Math.round(6 * u)) : 0;
  const ruleMargin = points.length > 0 ? Math.round(40 * u) : 0;
  const used =
    markHeight +
    quote.height +
    rule +
    ruleMargin * 2 +
    points.reduce((sum, point) => sum + point.height, 0) +
    pointGap * Math.max(0, points.length - 1);
  const element = box(
    { flexDirection: 'column', width: ctx.inner.width, height: ctx.inner.height, justifyContent: 'center' },
    box(
      {
        height: markHeight,
        fontFamily: ctx.heading.bold.name,
        fontWeight: 700,
        fontSize: markSize,
        lineHeight: `${markSize}px`,
        color: colors.accent,
        overflow: 'hidden',
      },
      '“',
    ),
    quote.node,
    box({
      width: Math.round(140 * u),
      height: rule,
      backgroundColor: colors.accent,
      marginTop: ruleMargin,
      marginBottom: ruleMargin,
    }),
    box({ flexDirection: 'column', gap: pointGap }, ...points.map((point) => point.node)),
  );
  return { element, used, blocks: [quote.block, ...points.map((point) => point.block)], notes: [] };
};
