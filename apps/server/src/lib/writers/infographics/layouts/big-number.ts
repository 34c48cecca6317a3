import type { Layout } from '../layout-types';
import { box } from '../nodes';
import { drawHeadline, drawPoint } from '../text-block';
import { textWidth } from '../wrap-text';

/**
 * The content's figure drawn very large, the headline under it, the points as short bullets. The figure
 * comes from the content only; without one the headline is drawn large instead (and a note says so).
 */
export const bigNumberLayout: Layout = (ctx, scale, limits) => {
  const { colors } = ctx.design;
  const u = ctx.unit * scale;
  const notes: string[] = [];
  const stat = ctx.content.stat?.trim() ?? '';
  let statNode = box({});
  let statHeight = 0;
  if (stat) {
    // One line always: a figure wider than the picture is made smaller, never wrapped.
    const face = ctx.heading.bold;
    const designed = 240 * u;
    const fitted = Math.min(
      designed,
      (designed * ctx.inner.width * 0.96) / Math.max(1, textWidth(face, stat, designed)),
    );
    statHeight = Math.round(fitted * 1.1);
    statNode = box(
      {
        fontFamily: face.name,
        fontWeight: 700,
        fontSize: fitted,
        lineHeight: `${statHeight}px`,
        height: statHeight,
        color: colors.accent,
        whiteSpace: 'pre',
      },
      stat,
    );
    if (fitted < designed * 0.999) notes.push('The figure was drawn smaller to fit the width.');
  } else {
    notes.push('No figure was given, so the headline is drawn large instead.');
  }
  const headline = drawHeadline(ctx, (stat ? 54 : 80) * u, 1.18, limits);
  const bullet = Math.max(8, Math.round(14 * u));
  const bulletSpace = Math.round(22 * u);
  const pointGap = Math.round(16 * u);
  const points = ctx.content.points.map((point, index) =>
    drawPoint(
      ctx,
      point,
      index,
      { size: 32 * u, width: ctx.inner.width - bullet - bulletSpace, color: colors.muted },
      limits,
    ),
  );
  const afterStat = stat ? Math.round(20 * u) : 0;
  const afterHeadline = points.length > 0 ? Math.round(44 * u) : 0;
  const used =
    statHeight +
    afterStat +
    headline.height +
    afterHeadline +
    points.reduce((sum, point) => sum + point.height, 0) +
    pointGap * Math.max(0, points.length - 1);
  const bulletTop = Math.round((32 * u * 1.3 - bullet) / 2);
  const element = box(
    { flexDirection: 'column', width: ctx.inner.width, height: ctx.inner.height, justifyContent: 'center' },
    statNode,
    box({ marginTop: afterStat, marginBottom: afterHeadline }, headline.node),
    box(
      { flexDirection: 'column', gap: pointGap },
      ...points.map((point) =>
        box(
          { flexDirection: 'row', alignItems: 'flex-start' },
          box({
            width: bullet,
            height: bullet,
            borderRadius: bullet / 2,
            backgroundColor: colors.accent,
            marginTop: bulletTop,
            marginRight: bulletSpace,
            flexShrink: 0,
          }),
          point.node,
        ),
      ),
    ),
  );
  return { element, used, blocks: [headline.block, ...points.map((point) => point.block)], notes };
};
