import type { TInfographicContent, TInfographicDesign } from '@sales-assist/contract';
import type { LoadedFamily } from './fonts';
import type { Node } from './nodes';

export type LayoutContext = {
  width: number;
  height: number;
  /** 1 at 1080×1080; every size of the design is multiplied by it. */
  unit: number;
  design: TInfographicDesign;
  content: TInfographicContent;
  heading: LoadedFamily;
  body: LoadedFamily;
  /** The inner box the layout draws in (below any footer). */
  inner: { width: number; height: number };
};

/** One text the fitting may cut: its id, the label the user reads, how many lines it took. */
export type TextBlock = { id: string; label: string; lines: number; cut: boolean };

export type LaidOut = {
  element: Node;
  /** The height drawn: more than ctx.inner.height means it did not fit. */
  used: number;
  blocks: TextBlock[];
  /** Layout remarks for the user (e.g. no figure given for a big-number theme). */
  notes: string[];
};

/**
 * A layout draws the content at `scale` (1: design size), with at most `limits[id]` lines for any text
 * the fitting has cut, and leaves out the points listed as dropped.
 */
export type Layout = (ctx: LayoutContext, scale: number, limits: Record<string, number>) => LaidOut;

export const MIN_SCALE = 0.6;
