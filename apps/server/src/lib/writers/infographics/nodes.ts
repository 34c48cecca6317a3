import type { LoadedFace } from './fonts';

/** The element tree satori draws: plain objects shaped like React elements (no JSX in the server). */
export type Node = {
  type: string;
  props: {
    style?: Record<string, unknown>;
    children?: Node | string | (Node | string)[];
    [key: string]: unknown;
  };
};

type Style = Record<string, unknown>;

/** A flex box (satori lays out only flex boxes) whose size includes its padding and border. */
export const box = (style: Style, ...children: (Node | string)[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', boxSizing: 'border-box', ...style }, children },
});

/**
 * Lines already broken by wrapText, one box each, never wrapped again by satori: what was measured
 * is what is drawn, so nothing can overflow unseen.
 */
export const textLines = (
  lines: string[],
  face: LoadedFace,
  size: number,
  lineHeight: number,
  color: string,
  style: Style = {},
): Node =>
  box(
    { flexDirection: 'column', ...style },
    ...lines.map((line) =>
      box(
        {
          fontFamily: face.name,
          fontWeight: face.weight,
          fontSize: size,
          lineHeight: `${Math.round(size * lineHeight)}px`,
          height: Math.round(size * lineHeight),
          color,
          whiteSpace: 'pre',
        },
        line,
      ),
    ),
  );

/** The height textLines takes for `count` lines. */
export const linesHeight = (count: number, size: number, lineHeight: number): number =>
  count * Math.round(size * lineHeight);
