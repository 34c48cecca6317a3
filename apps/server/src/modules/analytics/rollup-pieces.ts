import { ROLLUP_GRAINS } from '../../db/schema';

const MINUTE = 60_000;
/** The grains from the largest: its length and where its spans start from (weeks from Monday 5 January 1970). */
const LEVELS = [
  { grain: ROLLUP_GRAINS.week, length: ROLLUP_GRAINS.week * MINUTE, origin: 4 * ROLLUP_GRAINS.day * MINUTE },
  { grain: ROLLUP_GRAINS.day, length: ROLLUP_GRAINS.day * MINUTE, origin: 0 },
  { grain: ROLLUP_GRAINS.hour, length: ROLLUP_GRAINS.hour * MINUTE, origin: 0 },
  { grain: ROLLUP_GRAINS.quarterHour, length: ROLLUP_GRAINS.quarterHour * MINUTE, origin: 0 },
] as const;
const QUARTER_HOUR = ROLLUP_GRAINS.quarterHour * MINUTE;

/** One span of outreach_counts to add (sign 1) or take off (−1) for a bucket of the period. */
export type RollupPiece = { bucket: number; grain: number; start: number; sign: 1 | -1 };
type Sign = 1 | -1;

const onQuarterHour = (ms: number) => ((ms % QUARTER_HOUR) + QUARTER_HOUR) % QUARTER_HOUR === 0;

/** [from, to) in spans of the level and finer ones; both ends on a quarter-hour. */
const cover = (from: number, to: number, level: number, sign: Sign, bucket: number): RollupPiece[] => {
  if (from >= to) return [];
  const at = LEVELS[level];
  if (!at) return [];
  const floor = (ms: number) => Math.floor((ms - at.origin) / at.length) * at.length + at.origin;
  if (level === LEVELS.length - 1) {
    const pieces: RollupPiece[] = [];
    for (let start = from; start < to; start += at.length)
      pieces.push({ bucket, grain: at.grain, start, sign });
    return pieces;
  }
  /** Part of one span [a, b): in finer spans, or the whole span less the rest, whichever takes fewer. */
  const part = (a: number, b: number): RollupPiece[] => {
    if (a >= b) return [];
    const finer = cover(a, b, level + 1, sign, bucket);
    const whole = floor(a);
    if (whole === a && whole + at.length === b) return [{ bucket, grain: at.grain, start: whole, sign }];
    const flip: Sign = sign === 1 ? -1 : 1;
    const less = [
      { bucket, grain: at.grain, start: whole, sign },
      ...cover(whole, a, level + 1, flip, bucket),
      ...cover(b, whole + at.length, level + 1, flip, bucket),
    ];
    return less.length < finer.length ? less : finer;
  };
  const first = from === floor(from) ? from : floor(from) + at.length;
  const last = floor(to);
  if (first > last) return part(from, to);
  const pieces = part(from, first);
  for (let start = first; start < last; start += at.length)
    pieces.push({ bucket, grain: at.grain, start, sign });
  return [...pieces, ...part(last, to)];
};

/**
 * Every bucket's pieces (1-based buckets, as width_bucket numbers them): a bucket runs from its first
 * instant (or the period's start, for a week begun before it) to the next bucket's (or the period's end),
 * and is the sum of the UTC weeks and days inside it, with each edge as hours and quarter-hours or as its
 * whole day or week less the rest. A day of Paris (22:00 to 22:00 UTC) is a day, an hour before it added and
 * an hour at its end taken off. Null when an edge is not on a quarter-hour, which the rollup cannot cut.
 */
export const rollupPieces = (
  period: { start: Date; end: Date },
  bucketStarts: Date[],
): RollupPiece[] | null => {
  const start = period.start.getTime();
  const end = period.end.getTime();
  const edges = bucketStarts.map((at, index) => Math.max(index === 0 ? start : at.getTime(), start));
  if (![start, end, ...edges].every(onQuarterHour)) return null;
  return edges.flatMap((from, index) => cover(from, Math.min(edges[index + 1] ?? end, end), 0, 1, index + 1));
};
