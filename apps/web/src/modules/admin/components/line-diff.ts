export type TDiffLine = { kind: 'same' | 'added' | 'removed'; text: string };
/** A run of unchanged lines left out of a diff, by how many. */
export type TDiffPart = TDiffLine | { kind: 'skipped'; count: number };

/** Above this many line pairs the middle is shown as replaced whole (prompts stay far below it). */
const MAX_CELLS = 400_000;

/**
 * The lines of `after` against `before`: unchanged, added or removed, in order (longest common
 * subsequence of lines, after the common start and end are set aside).
 */
export const lineDiff = (before: string, after: string): TDiffLine[] => {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const same = (lines: string[]): TDiffLine[] => lines.map((text) => ({ kind: 'same', text }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const middle: TDiffLine[] = [];
  if ((midA.length + 1) * (midB.length + 1) > MAX_CELLS) {
    middle.push(...midA.map((text) => ({ kind: 'removed' as const, text })));
    middle.push(...midB.map((text) => ({ kind: 'added' as const, text })));
  } else {
    // lengths[i][j]: the longest common run of midA from i and midB from j.
    const width = midB.length + 1;
    const lengths = new Uint32Array((midA.length + 1) * width);
    for (let i = midA.length - 1; i >= 0; i--) {
      for (let j = midB.length - 1; j >= 0; j--) {
        lengths[i * width + j] =
          midA[i] === midB[j]
            ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
            : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
        middle.push({ kind: 'same', text: midA[i] ?? '' });
        i++;
        j++;
      } else if (
        i < midA.length &&
        (j === midB.length || (lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0))
      ) {
        // A removal before the addition that replaces it, as diffs are read.
        middle.push({ kind: 'removed', text: midA[i] ?? '' });
        i++;
      } else {
        middle.push({ kind: 'added', text: midB[j] ?? '' });
        j++;
      }
    }
  }
  return [...same(a.slice(0, start)), ...middle, ...same(a.slice(endA))];
};

/** The changed lines with `context` unchanged lines around each change; longer unchanged runs are skipped. */
export const changedParts = (lines: TDiffLine[], context = 1): TDiffPart[] => {
  const near = lines.map((_, index) =>
    lines.slice(Math.max(0, index - context), index + context + 1).some((line) => line.kind !== 'same'),
  );
  const parts: TDiffPart[] = [];
  lines.forEach((line, index) => {
    if (near[index]) {
      parts.push(line);
      return;
    }
    const last = parts.at(-1);
    if (last?.kind === 'skipped') last.count++;
    else parts.push({ kind: 'skipped', count: 1 });
  });
  return parts;
};
