/** What a download does with the server's answer to its (ranged) request. */
export type RangeAnswer =
  /** The bytes from the asked offset follow: append them. */
  | { kind: 'append'; total: number | null }
  /** The whole file follows from its first byte (a 200, or a range that does not start at the offset). */
  | { kind: 'restart'; total: number | null }
  /** 416 with the size equal to what is on disk: the part is already whole. */
  | { kind: 'complete'; total: number }
  /** 416 for a part longer than the file: the part is not this file's start; delete it and start over. */
  | { kind: 'discard'; total: number | null }
  /** A failure worth trying again (5xx, 429). */
  | { kind: 'transient'; status: number }
  | { kind: 'not_found'; status: number }
  | { kind: 'refused'; status: number };

const CONTENT_RANGE = /^bytes (?:(\d+)-(\d+)|\*)\/(\d+|\*)$/;

/** `Content-Range: bytes 100-199/1000` or `bytes *\/1000`: the first byte sent and the whole size. */
const contentRangeOf = (header: string | null): { start: number | null; total: number | null } | null => {
  const match = header?.trim().match(CONTENT_RANGE);
  if (!match) return null;
  return {
    start: match[1] === undefined ? null : Number(match[1]),
    total: match[3] === '*' || match[3] === undefined ? null : Number(match[3]),
  };
};

const lengthOf = (header: string | null): number | null =>
  header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null;

/**
 * Reads an answer to `GET` with `Range: bytes=<offset>-` (no Range when offset is 0): 206 from the offset
 * appends, a 200 (a server that ignores ranges) starts over, a 206 from elsewhere is not used, 416 says the part is
 * whole (its size is the file's) or is not this file, 404/410 the file is gone, 5xx and 429 are worth
 * another try, and every other status is a refusal.
 */
export const readRangeAnswer = (
  status: number,
  headers: { get: (name: string) => string | null },
  offset: number,
): RangeAnswer => {
  const range = contentRangeOf(headers.get('content-range'));
  const length = lengthOf(headers.get('content-length'));
  if (status === 206) {
    if (range?.start === offset) return { kind: 'append', total: range.total };
    // Bytes from the file's start can be used after truncating; from anywhere else, not at all.
    return range?.start === 0 ? { kind: 'restart', total: range.total } : { kind: 'discard', total: null };
  }
  if (status === 200) return { kind: offset > 0 ? 'restart' : 'append', total: length };
  if (status === 416) {
    const total = range?.total ?? null;
    if (total !== null && total === offset) return { kind: 'complete', total };
    return { kind: 'discard', total };
  }
  if (status === 404 || status === 410) return { kind: 'not_found', status };
  if (status === 429 || status >= 500) return { kind: 'transient', status };
  return { kind: 'refused', status };
};
