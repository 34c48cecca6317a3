import { nulCharacterMessage } from '@sales-assist/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const NUL = '\u0000';

/**
 * The name of the first field of `value` (a parsed body, a query, a set of form fields) whose text or
 * key holds U+0000, or null. A field is named by its own key, like the validation messages; an array
 * item by the key of its array.
 */
export const fieldWithNul = (value: unknown, field = 'value'): string | null => {
  if (typeof value === 'string') return value.includes(NUL) ? field : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = fieldWithNul(item, field);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return 'a field name';
      const found = fieldWithNul(item, key);
      if (found) return found;
    }
  }
  return null;
};

/** Throws 400 validation_error naming the field when any string of `value` holds U+0000. */
export const refuseNul = (value: unknown, field?: string): void => {
  const found = fieldWithNul(value, field);
  if (found) throw new AppError(400, 'validation_error', nulCharacterMessage(found));
};

/**
 * The one place where every JSON body, query string and path parameter is checked for U+0000, before
 * validation and before any handler (multipart form fields are checked as they are read, receive-multipart.ts).
 */
export const refuseNulCharacters = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    refuseNul(request.params);
    refuseNul(request.query);
    refuseNul(request.body);
  });
};
