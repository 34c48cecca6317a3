import type { Layout } from '../layout-types';
import { box } from '../nodes';
import { drawHeadline, drawPoint } from '../text-block';

/** Headline, then each point on its own card (two columns from four points on). */
export const cardsLayout: Layout = (ctx, scale, limits) => {
  const { colors } = ctx.design;
  const u = ctx.unit * scale;
  const headline = drawHeadline(ctx, 64 * u, 1.15, limits);
  const gap = Math.round(22 * u);
  const columns = ctx.content.points.length >= 4 ? 2 : 1;
  const cardWidth = Math.floor((ctx.inner.width - gap * (columns - 1)) / columns);
  const padding = Math.round(28 * u);
  const bar = Math.max(4, Math.round(8 * u));
  const cards = ctx.content.points.map((point, index) => {
    const text = drawPoint(
      ctx,
      point,
      index,
      { size: 34 * u, width: cardWidth - padding * 2 - bar, color: colors.text },
      limits,
    );
    return { text, height: text.height + padding * 2 };
  });
  const rows: (typeof cards)[] = [];
  for (let index = 0; index < cards.length; index += columns) rows.push(cards.slice(index, index + columns));
  const rowHeights = rows.map((row) => Math.max(...row.map((card) => card.height)));
  const afterHeadline = cards.length > 0 ? Math.round(44 * u) : 0;
  const used =
    headline.height +
    afterHeadline +
    rowHeights.reduce((sum, height) => sum + height, 0) +
    gap * Math.max(0, rows.length - 1);
  const element = box(
    { flexDirection: 'column', width: ctx.inner.width, height: ctx.inner.height, justifyContent: 'center' },
    box({ marginBottom: afterHeadline }, headline.node),
    box(
      { flexDirection: 'column', gap },
      ...rows.map((row, rowIndex) =>
        box(
          { flexDirection: 'row', gap, height: rowHeights[rowIndex] },
          ...row.map((card) =>
            box(
              {
                width: cardWidth,
                height: '100%',
                backgroundColor: colors.surface,
                borderLeft: `${bar}px solid ${colors.accent}`,
                borderRadius: Math.round(18 * u),
                padding,
                alignItems: 'flex-start',
              },
              card.text.node,
            ),
          ),
        ),
      ),
    ),
  );
  return { element, used, blocks: [headline.block, ...cards.map((card) => card.text.block)], notes: [] };
};
