import type { TCall } from '@sales-assist/contract';
import type { FastifySchema } from 'fastify';
import type { z } from 'zod';

/** Where every API route is mounted (app.ts registers the features under it). */
const API_PREFIX = '/api';

/** What a route says beside its call: its documentation, its other answers, its config and limits. */
type RouteExtras = {
  schema: Omit<FastifySchema, 'params' | 'querystring' | 'body'> & {
    tags: readonly string[] | string[];
    summary: string;
    /** The answers besides the call's own success answer (a file or stream call names its success here too). */
    response?: Record<number, z.ZodType>;
  };
  [option: string]: unknown;
};

type SuccessOf<C extends TCall> = C['response'] extends z.ZodType
  ? { [status in C['status'] extends number ? C['status'] : 200]: C['response'] }
  : unknown;

/**
 * A route's method, path and schemas from its call in the contract's table (packages/contract/src/calls), so
 * the server writes no path of its own: `app.route({ ...callRoute(CALLS.x, { schema: { tags, summary,
 * response: errors } }), handler })`. Fastify checks the request and the answer with the call's schemas.
 */
export const callRoute = <const C extends TCall, const E extends RouteExtras>(call: C, extras: E) => ({
  ...extras,
  method: call.method,
  url: call.path.slice(API_PREFIX.length),
  schema: {
    ...extras.schema,
    // Only the parts the call has: Fastify warns at start of every schema key it finds empty.
    ...((call.params ? { params: call.params } : {}) as { params: C['params'] }),
    ...((call.query ? { querystring: call.query } : {}) as { querystring: C['query'] }),
    ...((call.body ? { body: call.body } : {}) as { body: C['body'] }),
    response: {
      ...(typeof call.response === 'string' ? {} : { [call.status ?? 200]: call.response }),
      ...extras.schema.response,
    } as SuccessOf<C> & NonNullable<E['schema']['response']>,
  },
});
