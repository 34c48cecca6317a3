import { HISTORY_MESSAGES } from '@sales-assist/contract';
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

export const decodeCursor = (text: string): PageCursor => {
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
  throw new AppError(400, 'validation_error', HISTORY_MESSAGES.badCursor);
};
