import type { Layout } from '../layout-types';
import { box } from '../nodes';
import { drawHeadline, drawPoint } from '../text-block';

/** Headline, then the points as a numbered list with the numbers in accent circles. */
export const listLayout: Layout = (ctx, scale, limits) => {
  const { colors } = ctx.design;
  const u = ctx.unit * scale;
  const headline = drawHeadline(ctx, 62 * u, 1.15, limits);
  const circle = Math.round(60 * u);
  const space = Math.round(26 * u);
  const rowGap = Math.round(26 * u);
  const rows = ctx.content.points.map((point, index) => {
    const text = drawPoint(
      ctx,
      point,
      index,
      { size: 34 * u, width: ctx.inner.width - circle - space, color: colors.text },
      limits,
    );
    const lineHeight = Math.round(34 * u * 1.3);
    // A one-line point sits level with its number's centre.
    const offset = Math.max(0, Math.round((circle - lineHeight) / 2));
    const height = Math.max(circle, offset + text.height);
    const node = box(
      { flexDirection: 'row', alignItems: 'flex-start', height },
      box(
        {
          width: circle,
          height: circle,
          borderRadius: circle / 2,
          backgroundColor: colors.accent,
          color: colors.background,
          alignItems: 'center',
          justifyContent: 'center',
          fontFamily: ctx.heading.bold.name,
          fontWeight: 700,
          fontSize: Math.round(30 * u),
          marginRight: space,
          flexShrink: 0,
        },
        String(index + 1),
      ),
      box({ paddingTop: offset }, text.node),
    );
    return { text, height, node };
  });
  const afterHeadline = rows.length > 0 ? Math.round(48 * u) : 0;
  const divider = rows.length > 0 ? Math.max(3, Math.round(6 * u)) : 0;
  const used =
    headline.height +
    afterHeadline +
    divider +
    rows.reduce((sum, row) => sum + row.height, 0) +
    rowGap * Math.max(0, rows.length - 1);
  const element = box(
    { flexDirection: 'column', width: ctx.inner.width, height: ctx.inner.height, justifyContent: 'center' },
    headline.node,
    box({
      width: Math.round(120 * u),
      height: divider,
      backgroundColor: colors.accent,
      marginTop: Math.round(afterHeadline / 2),
      marginBottom: Math.round(afterHeadline / 2),
    }),
    box({ flexDirection: 'column', gap: rowGap }, ...rows.map((row) => row.node)),
  );
  return { element, used, blocks: [headline.block, ...rows.map((row) => row.text.block)], notes: [] };
};
