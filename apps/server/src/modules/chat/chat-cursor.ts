import { CHAT_MESSAGES } from '@sales-assist/contract';
import { AppError } from '../../http/errors';
import { isTimestampText } from '../../lib/core/timestamp-text';

/** Where a page of the side list ends: the last chat's updated_at (PostgreSQL's text, microseconds kept) and id. */
export type ChatCursor = { updatedAt: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opaque to the client; the time travels as PostgreSQL printed it (a Date keeps milliseconds only). */
export const encodeChatCursor = (cursor: ChatCursor): string =>
  Buffer.from(JSON.stringify([cursor.updatedAt, cursor.id])).toString('base64url');

export const decodeChatCursor = (text: string): ChatCursor => {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [updatedAt, id] = value as unknown[];
      if (
        typeof updatedAt === 'string' &&
        isTimestampText(updatedAt) &&
        typeof id === 'string' &&
        UUID.test(id)
      ) {
        return { updatedAt, id };
      }
    }
  } catch {
    // not base64url JSON: refused below
  }
  throw new AppError(400, 'validation_error', CHAT_MESSAGES.badCursor);
};
