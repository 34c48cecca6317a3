import { isInstantInRange } from '@sales-assist/contract';
import { DateTime } from 'luxon';

/** A timestamp as PostgreSQL prints it ("2026-03-01 12:00:30.123456+00"), or in ISO 8601. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/;

/**
 * Whether text a client sent back (a page cursor) is a timestamp the database can read: its shape, a real
 * date and time (no month 13, no 25 o'clock) and a year the database takes (never 0000), so a forged cursor
 * is refused with a 400 instead of failing in the query.
 */
export const isTimestampText = (text: string): boolean =>
  TIMESTAMP.test(text) &&
  isInstantInRange(DateTime.fromISO(text.replace(' ', 'T'), { zone: 'utc' }).toMillis());
