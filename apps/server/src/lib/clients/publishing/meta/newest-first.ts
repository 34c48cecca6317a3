import { z } from 'zod';
import type { GraphCall, GraphTransport } from './graph';

/**
 * A time as the Graph API writes it ("2026-11-27T18:22:23+0000": UTC, an offset without a colon). Read
 * explicitly rather than trusting a JavaScript engine's lenient parsing of a form ISO 8601's profile in
 * ECMAScript does not include. Null when absent or unreadable.
 */
export const graphTime = (value: string | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Items per page read back, and how far back a read-back pages at most. */
const PAGE = 100;
const MAX_ITEMS = 1_000;

const ZPaging = z.object({
  paging: z
    .object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() })
    .optional(),
});

/**
 * Finds the first item of a Graph edge listed newest first (a page's feed, an Instagram account's media)
 * that `matches`, reading page after page by the `after` cursor until the items are older than `from`,
 * the edge ends (no `paging.next`), or MAX_ITEMS back: an account that posted much since our attempt is
 * still searched far enough.
 */
export const findNewestFirst = async <T>(
  graph: GraphTransport,
  item: z.ZodType<T>,
  call: GraphCall,
  options: { from: number; timeOf: (item: T) => Date | null; matches: (item: T) => boolean },
): Promise<T | null> => {
  const ZPage = ZPaging.extend({ data: z.array(item) });
  let after: string | undefined;
  for (let read = 0; read < MAX_ITEMS; read += PAGE) {
    const page = await graph.call(ZPage, {
      ...call,
      query: { ...call.query, limit: String(PAGE), ...(after ? { after } : {}) },
    });
    const data = page.data as T[];
    const found = data.find(
      (entry) => options.matches(entry) && (options.timeOf(entry)?.getTime() ?? options.from) >= options.from,
    );
    if (found) return found;
    const oldest = data.length > 0 ? options.timeOf(data[data.length - 1] as T) : null;
    after = page.paging?.cursors?.after;
    if (!page.paging?.next || !after || data.length === 0 || (oldest && oldest.getTime() < options.from))
      return null;
  }
  return null;
};
