import {
  brokenCharacterMessage,
  MAX_REQUEST_DEPTH,
  nulCharacterMessage,
  tooDeepMessage,
} from '@sales-assist/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored: a NUL, or half of a surrogate pair (PostgreSQL refuses both). */
type Unstorable = { field: string; why: 'nul' | 'broken' };

const unstorableText = (text: string, field: string): Unstorable | null => {
  if (text.includes(NUL)) return { field, why: 'nul' };
  if (LONE_SURROGATE.test(text)) return { field, why: 'broken' };
  return null;
};

/**
 * The first field of `value` (a parsed body, a query, a set of form fields) whose text or key cannot be
 * stored, or null. A field is named by its own key, like the validation messages; an array item by the
 * key of its array. Walked with a stack of its own, not recursion: a body nested 400,000 levels deep
 * must get a 400, not exhaust the call stack; past MAX_REQUEST_DEPTH levels it is refused as such.
 */
export const unstorableField = (value: unknown, field = 'value'): Unstorable | null => {
  const pending: { value: unknown; field: string; depth: number }[] = [{ value, field, depth: 0 }];
  while (pending.length > 0) {
    const next = pending.pop();
    if (!next) break;
    if (typeof next.value === 'string') {
      const found = unstorableText(next.value, next.field);
      if (found) return found;
      continue;
    }
    if (next.value === null || typeof next.value !== 'object' || Buffer.isBuffer(next.value)) continue;
    if (next.depth >= MAX_REQUEST_DEPTH) throw new AppError(400, 'validation_error', tooDeepMessage);
    const entries: (readonly [string, unknown])[] = Array.isArray(next.value)
      ? next.value.map((item) => [next.field, item] as const)
      : Object.entries(next.value);
    if (!Array.isArray(next.value))
      for (const [key] of entries) {
        const found = unstorableText(key, 'a field name');
        if (found) return found;
      }
    // Pushed in reverse, so the first field in the document is the one named.
    for (let index = entries.length - 1; index >= 0; index--) {
      const entry = entries[index];
      if (entry) pending.push({ value: entry[1], field: entry[0], depth: next.depth + 1 });
    }
  }
  return null;
};

/** Throws 400 validation_error naming the field when any string of `value` cannot be stored as text. */
export const refuseNul = (value: unknown, field?: string): void => {
  const found = unstorableField(value, field);
  if (!found) return;
  const message =
    found.why === 'nul' ? nulCharacterMessage(found.field) : brokenCharacterMessage(found.field);
  throw new AppError(400, 'validation_error', message);
};

/**
 * The one place where every JSON body, query string and path parameter is checked for text that cannot
 * be stored (U+0000, half a surrogate pair) and for absurd nesting, before validation and before any
 * handler (multipart form fields are checked as they are read, receive-multipart.ts).
 */
export const refuseNulCharacters = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    refuseNul(request.params);
    refuseNul(request.query);
    refuseNul(request.body);
  });
};
