import type { FastifyRequest } from 'fastify';
import { noSuch, StripeRefusal, unknownParam } from './errors';
import type { ParamObject } from './form';
import type { RequestRef } from './records';
import type { StripeWorld } from './world';

/**
 * What each file of Stripe's API (stripe-api-*.ts and the others under /v1) registers its calls with, and
 * the expansion and list paging they share. Apart from api.ts, which registers those files.
 */

export type ApiCall = {
  params: ParamObject;
  request: RequestRef;
  req: FastifyRequest;
};
export type ApiHandler = (call: ApiCall) => Record<string, unknown>;
export type ApiRoute = (method: 'GET' | 'POST' | 'DELETE', path: string, handler: ApiHandler) => void;

/** Expands ids into objects along `a.b` paths, as `expand[]` asks (lists through `data.`). */
export const expander = (world: StripeWorld) => {
  const lookup = (field: string, id: string): Record<string, unknown> | undefined => {
    const { state, render } = world;
    switch (field) {
      case 'customer':
        return state.customers.get(id) && render.customer(state.customers.get(id) as never);
      case 'subscription':
        return state.subscriptions.get(id) && render.subscription(state.subscriptions.get(id) as never);
      case 'invoice':
      case 'latest_invoice':
        return state.invoices.get(id) && render.invoice(state.invoices.get(id) as never);
      case 'payment_intent':
        return state.paymentIntents.get(id) && render.paymentIntent(state.paymentIntents.get(id) as never);
      case 'payment_method':
      case 'default_payment_method':
        return state.paymentMethods.get(id) && render.paymentMethod(state.paymentMethods.get(id) as never);
      default:
        return undefined;
    }
  };
  const expandPath = (target: Record<string, unknown>, path: string[], full: string) => {
    const [field, ...rest] = path;
    if (!field) return;
    if (field === 'data' && Array.isArray(target.data)) {
      for (const item of target.data as Record<string, unknown>[]) expandPath(item, rest, full);
      return;
    }
    let value = target[field];
    if (field === 'line_items' && target.object === 'checkout.session') {
      const session = world.state.sessions.get(String(target.id));
      if (session) value = target.line_items = world.render.lineItems(session);
    } else if (typeof value === 'string') {
      const found = lookup(field, value);
      if (!found)
        throw new StripeRefusal(
          400,
          'invalid_request_error',
          `This property cannot be expanded (${full}).`,
          undefined,
          'expand',
        );
      value = target[field] = found;
    } else if (value === undefined) {
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `This property cannot be expanded (${full}).`,
        undefined,
        'expand',
      );
    }
    if (rest.length && value && typeof value === 'object')
      expandPath(value as Record<string, unknown>, rest, full);
  };
  return (object: Record<string, unknown>, paths: string[]) => {
    for (const path of paths) expandPath(object, path.split('.'), path);
    return object;
  };
};

/** `created` as lists filter it: a timestamp, or a range { gt, gte, lt, lte }. */
const createdFilter = (params: ParamObject): ((created: number) => boolean) => {
  const value = params.created;
  if (value === undefined) return () => true;
  const number = (text: unknown, name: string): number => {
    if (typeof text !== 'string' || !/^\d+$/.test(text))
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `Invalid integer: ${String(text)}`,
        'parameter_invalid_integer',
        name,
      );
    return Number(text);
  };
  if (typeof value === 'string') {
    const at = number(value, 'created');
    return (created) => created === at;
  }
  if (Array.isArray(value))
    throw new StripeRefusal(
      400,
      'invalid_request_error',
      'Invalid hash',
      'parameter_invalid_object',
      'created',
    );
  const bounds = Object.entries(value).map(([op, text]) => {
    if (!['gt', 'gte', 'lt', 'lte'].includes(op)) throw unknownParam(`created[${op}]`);
    return [op, number(text, `created[${op}]`)] as const;
  });
  return (created) =>
    bounds.every(([op, at]) =>
      op === 'gt' ? created > at : op === 'gte' ? created >= at : op === 'lt' ? created < at : created <= at,
    );
};

/**
 * A page of a Stripe list: newest first, `limit` (1–100, default 10) after `starting_after` (older) or
 * before `ending_before` (newer), filtered by `created`.
 */
export const listOf = <T extends { id: string; created: number }>(
  records: T[],
  params: ParamObject,
  url: string,
  render: (record: T) => Record<string, unknown>,
) => {
  for (const name of ['limit', 'starting_after', 'ending_before'])
    if (params[name] !== undefined && typeof params[name] !== 'string')
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `Invalid ${name}: must be a string`,
        undefined,
        name,
      );
  const limitText = typeof params.limit === 'string' ? params.limit : undefined;
  const limit = limitText === undefined ? 10 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new StripeRefusal(
      400,
      'invalid_request_error',
      'Invalid integer: limit must be between 1 and 100',
      'parameter_invalid_integer',
      'limit',
    );
  const inRange = createdFilter(params);
  const sorted = [...records]
    .reverse()
    .sort((a, b) => b.created - a.created)
    .filter((record) => inRange(record.created));
  const after = typeof params.starting_after === 'string' ? params.starting_after : undefined;
  const before = typeof params.ending_before === 'string' ? params.ending_before : undefined;
  if (after && before)
    throw new StripeRefusal(
      400,
      'invalid_request_error',
      'You may only specify one of these parameters: ending_before, starting_after.',
      undefined,
      'ending_before',
    );
  const find = (id: string, param: string) => {
    const index = sorted.findIndex((record) => record.id === id);
    if (index < 0) throw noSuch('object', id, param);
    return index;
  };
  if (before) {
    const end = find(before, 'ending_before');
    const start = Math.max(0, end - limit);
    return { object: 'list', data: sorted.slice(start, end).map(render), has_more: start > 0, url };
  }
  const start = after ? find(after, 'starting_after') + 1 : 0;
  const page = sorted.slice(start, start + limit);
  return { object: 'list', data: page.map(render), has_more: start + limit < sorted.length, url };
};
