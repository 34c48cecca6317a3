import { ZErrorBody } from '@sales-assist/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Access } from './authenticate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route never reads or writes the database nor a file (health, config), so it cannot
     * answer the faults of the machine (503 database_unavailable, 507 disk_full). true when unset.
     */
    usesStorage?: boolean;
  }
}

/**
 * An error answer as the central handler sends it ({ error, message }). Loose, so that fields a use
 * case adds beside them (AppError's `extra`) are never stripped by the serializer of a status the route
 * did not list itself.
 */
const errorAnswer = (description: string) => ZErrorBody.loose().describe(description);

/** The statuses any call may answer, whatever its use case, by what they come from. */
const ANSWERS = {
  badInput: errorAnswer(
    'validation_error or bad_request: the input is not valid (the message names the field), holds a NUL ' +
      'character or half of one, or a form is malformed',
  ),
  signIn: errorAnswer('invalid_token, token_expired or token_revoked: sign in (again) to continue'),
  inactive: errorAnswer('inactive: the account is not active'),
  adminOnly: errorAnswer('inactive: the account is not active; forbidden: only administrators may call it'),
  tooLarge: errorAnswer('too_large: the body (or its file) is larger than the call accepts'),
  mediaType: errorAnswer('unsupported_media_type: the body is not of a type the call reads'),
  databaseDown: errorAnswer(
    'database_unavailable: the database cannot be reached for now; Retry-After says when to try again',
  ),
  diskFull: errorAnswer("disk_full: the server's disk is full, so nothing was saved"),
} as const;

/** The refusals that carry a Retry-After header (seconds); the document names it (openapi-transform.ts). */
export const RETRY_AFTER_STATUSES = ['429', '503'] as const;

/** Methods whose requests Fastify never reads a body of (so they cannot be too large or of a wrong type). */
const BODYLESS = new Set(['GET', 'HEAD']);

const methodsOf = (route: RouteOptions): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((method) => method.toUpperCase());

/**
 * The statuses every route can answer besides its use cases' own, from what runs for every request:
 * input checks (400, refuse-nul and validation), authentication by access kind (401; 403 for an inactive
 * account unless the route allows it, and for a non-admin on admin routes), the body parser on methods
 * with a body (413 over the body limit or an upload's file limit, 415 a content type the route does not
 * read), and the faults of the machine on routes that use the database or files (503, 507).
 */
export const commonAnswers = (route: RouteOptions): Record<number, z.ZodType> => {
  const config = route.config ?? {};
  const access: Access = config.access ?? 'user';
  const answers: Record<number, z.ZodType> = { 400: ANSWERS.badInput };
  if (access !== 'public') answers[401] = ANSWERS.signIn;
  if (access === 'admin') answers[403] = ANSWERS.adminOnly;
  else if (access === 'user' && !config.allowInactive) answers[403] = ANSWERS.inactive;
  if (methodsOf(route).some((method) => !BODYLESS.has(method))) {
    answers[413] = ANSWERS.tooLarge;
    answers[415] = ANSWERS.mediaType;
  }
  if (config.usesStorage !== false) {
    answers[503] = ANSWERS.databaseDown;
    answers[507] = ANSWERS.diskFull;
  }
  return answers;
};

const isSuccess = (status: string): boolean => /^2(\d\d|xx)$/i.test(status);

/**
 * The success of a route that sends a file (its `produces` types: CSV, pictures, fonts): any payload for the
 * reply's type (a Buffer, a stream, a string), a binary string in the document. Fastify never serializes it.
 */
export const ZFileAnswer = z.any().meta({ type: 'string', format: 'binary' }).describe('The file');

/**
 * Adds `commonAnswers` to the response schema of every route of the scope (registered before its routes),
 * so route files list only what their own use cases answer, and the OpenAPI document (built from the same
 * schemas) lists every status a call can answer. A route's own entry for a status wins. A route that lists
 * no success keeps the 200 the document gave it before (a file of its `produces` types).
 */
export const addCommonAnswers = (app: FastifyInstance): void => {
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    // An upload the document would show without its form: refused at start, so it is never forgotten.
    if (route.schema?.consumes?.includes('multipart/form-data') && !route.config?.upload) {
      throw new Error(`${route.url} takes multipart/form-data: describe its form in config.upload`);
    }
    const own = (route.schema?.response ?? {}) as Record<string, unknown>;
    const success = Object.keys(own).some(isSuccess)
      ? {}
      : { 200: route.schema?.produces ? ZFileAnswer : z.unknown().describe('Default Response') };
    route.schema = { ...route.schema, response: { ...success, ...commonAnswers(route), ...own } };
  });
};

/** An answer whose status its route's response schema does not list. */
export type UnlistedAnswer = {
  method: string;
  /** The route's path, with its `:name` parameters. */
  route: string;
  status: number;
  /** The start of the body, to tell which refusal it was. */
  body: string;
};

/** Whether `status` is among the keys of a response schema (exact, `4xx`-style, or `default`). */
export const isListed = (listed: readonly string[], status: number): boolean =>
  listed.some(
    (key) => key === String(status) || key.toLowerCase() === `${String(status)[0]}xx` || key === 'default',
  );

/**
 * For tests: reports every answer of a documented route whose status the route's response schema (and so
 * the OpenAPI document) does not list. Registered in the scope of the API's routes; answers no route
 * matched (the 404 of an unknown call) belong to no operation and are not checked.
 */
export const reportUnlistedAnswers = (
  app: FastifyInstance,
  report: (answer: UnlistedAnswer) => void,
): void => {
  app.addHook('onSend', async (request, reply, payload) => {
    const schema = request.routeOptions.schema;
    if (!schema || schema.hide || !request.routeOptions.url) return payload;
    const listed = Object.keys((schema.response ?? {}) as Record<string, unknown>);
    if (!isListed(listed, reply.statusCode)) {
      report({
        method: request.method,
        route: request.routeOptions.url,
        status: reply.statusCode,
        body: typeof payload === 'string' ? payload.slice(0, 200) : '',
      });
    }
    return payload;
  });
};
