import type { z } from 'zod';

export type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call answers when its answer is not a JSON body: a file (a CSV, a picture, a document) or an event stream. */
export type TOtherAnswer = 'file' | 'event-stream';

/**
 * One call of the API. `path` is Fastify's (`:id` for a parameter); `params`, `query` and `body` are the
 * schemas the server checks them with; `response` is the schema of the success answer (`status`, 200 when not
 * given). A form upload (multipart) has no `body` schema: the server reads its parts itself.
 */
export type TCall = {
  method: TMethod;
  path: `/api/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType | TOtherAnswer;
  status?: number;
};

/** Declares a call, keeping its exact types (the method and path as literals, the schemas as given). */
export const call = <const C extends TCall>(definition: C): C => definition;
