/**
 * `text` cut to at most `max` characters, at a word boundary when one is near, with "…" to say it was
 * cut. Never splits a surrogate pair.
 */
export const cutText = (text: string, max: number): string => {
  if (text.length <= max) return text;
  if (max <= 1) return max === 1 ? '…' : '';
  let end = max - 1;
  const space = text.lastIndexOf(' ', end);
  const newline = text.lastIndexOf('\n', end);
  const boundary = Math.max(space, newline);
  // Cut at the last word boundary unless that throws away more than a short word's worth.
  if (boundary > end - 40 && boundary > 0) end = boundary;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
};

/**
 * Shares `total` characters among texts of the given lengths: short texts keep all of theirs and what
 * they leave goes to the longer ones, so one long text cannot crowd out the others.
 */
export const fairShares = (lengths: readonly number[], total: number): number[] => {
  const shares = new Array<number>(lengths.length).fill(0);
  const order = lengths.map((length, index) => ({ length, index })).sort((a, b) => a.length - b.length);
  let remaining = total;
  order.forEach(({ length, index }, position) => {
    const share = Math.floor(remaining / (order.length - position));
    shares[index] = Math.min(length, share);
    remaining -= shares[index] ?? 0;
  });
  return shares;
};
