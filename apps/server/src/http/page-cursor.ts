import { HISTORY_MESSAGES } from '@sales-assist/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { isTimestampText } from '../lib/core/timestamp-text';
import { AppError } from './errors';

/**
 * Where a page of a newest-first list ends (History, notices): the last item's created_at (PostgreSQL's
 * text, microseconds kept) and id.
 */
export type PageCursor = { createdAt: string; id: number };

/**
 * Opaque to the client. The timestamp travels as PostgreSQL printed it, not as a JavaScript Date:
 * a Date keeps milliseconds only, and two items in the same millisecond would be skipped or repeated.
 */
export const encodeCursor = (cursor: PageCursor): string =>
  Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');

/** The cursor a client sent back, or a 400 with the list's own words (`badCursor`) for anything else. */
export const decodeCursor = (text: string, badCursor: string = HISTORY_MESSAGES.badCursor): PageCursor => {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [createdAt, id] = value as unknown[];
      if (
        typeof createdAt === 'string' &&
        isTimestampText(createdAt) &&
        typeof id === 'number' &&
        Number.isSafeInteger(id) &&
        id > 0
      ) {
        return { createdAt, id };
      }
    }
  } catch {
    // not base64url JSON: refused below
  }
  throw new AppError(400, 'validation_error', badCursor);
};

/**
 * The keyset condition of the page after `cursor` in a newest-first list ordered by (time, id): none for the
 * first page, the rows that come after the cursor's item otherwise (a 400 with `badCursor` for a bad cursor).
 */
export const afterCursor = (
  cursor: string | undefined,
  order: { time: AnyColumn; id: AnyColumn },
  badCursor: string,
): SQL | undefined => {
  if (!cursor) return undefined;
  const at = decodeCursor(cursor, badCursor);
  return sql`(${order.time}, ${order.id}) < (${at.createdAt}::timestamptz, ${at.id}::bigint)`;
};
