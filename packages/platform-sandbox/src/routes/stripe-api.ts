import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerBillingApi } from './stripe-api-billing';
import { registerCheckoutApi } from './stripe-api-checkout';
import { registerCustomerDeletion } from './stripe-customers-delete';
import { noSuch, StripeRefusal, sendStripeError, stripeErrorBody, unknownParam } from './stripe-errors';
import { type ParamObject, parseStripeParams } from './stripe-form';
import { registerPortalConfigurationApi } from './stripe-portal-configurations';
import type { RequestRef, StripeWorld } from './stripe-world';
import { API_VERSION } from './stripe-world';

/**
 * Stripe's REST API at /v1 for the calls the app makes, as the official SDK speaks it: form-encoded
 * parameters with bracketed keys, the secret key as Bearer (or Basic) auth, Stripe's error shape and
 * statuses, a Request-Id on every answer, and Idempotency-Key honoured on POST and DELETE (the same key
 * replays the first answer; the same key with other parameters is refused), as Stripe keeps them for 24 h.
 */

export type ApiCall = {
  params: ParamObject;
  request: RequestRef;
  req: FastifyRequest;
};
export type ApiHandler = (call: ApiCall) => Record<string, unknown>;
export type ApiRoute = (method: 'GET' | 'POST' | 'DELETE', path: string, handler: ApiHandler) => void;

const IDEMPOTENCY_HOURS = 24;
const IDEMPOTENCY_KEPT = 5_000;

const keyOf = (req: FastifyRequest): string | null => {
  const header = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer?.[1]) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] ?? null;
  return null;
};

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const masked = (key: string) =>
  `${key.slice(0, 8)}${'*'.repeat(Math.max(0, Math.min(key.length - 12, 20)))}${key.slice(-4)}`;

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

export const registerStripeApi = (app: FastifyInstance, world: StripeWorld) => {
  const requestIds = new WeakMap<FastifyRequest, string>();
  const requestIdOf = (req: FastifyRequest) => requestIds.get(req) ?? 'req_unknown';

  app.register(
    async (v1) => {
      v1.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, parseStripeParams(String(body))),
      );
      v1.addHook('onRequest', async (req, reply) => {
        const id = world.newId('req_');
        requestIds.set(req, id);
        reply.header('request-id', id);
        reply.header('stripe-version', String(req.headers['stripe-version'] ?? API_VERSION));
        reply.header('access-control-allow-origin', '*');
        const key = keyOf(req);
        if (!key)
          return sendStripeError(
            reply,
            new StripeRefusal(
              401,
              'invalid_request_error',
              "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
            ),
            id,
          );
        if (!sameText(key, world.app().secretKey))
          return sendStripeError(
            reply,
            new StripeRefusal(
              401,
              'invalid_request_error',
              `Invalid API Key provided: ${masked(key)}`,
              'api_key_invalid',
            ),
            id,
          );
      });
      v1.setErrorHandler((error: { statusCode?: number; message?: string }, req, reply) => {
        const status =
          error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        const refusal =
          status === 500
            ? new StripeRefusal(500, 'api_error', 'An unknown error occurred')
            : new StripeRefusal(status, 'invalid_request_error', error.message ?? 'Invalid request');
        return sendStripeError(reply, refusal, requestIdOf(req));
      });
      v1.setNotFoundHandler((req, reply) =>
        sendStripeError(
          reply,
          new StripeRefusal(
            404,
            'invalid_request_error',
            `Unrecognized request URL (${req.method}: ${req.url.split('?')[0]}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          ),
          requestIdOf(req),
        ),
      );

      const route: ApiRoute = (method, path, handler) => {
        v1.route({
          method,
          url: path,
          handler: async (req: FastifyRequest, reply: FastifyReply) => {
            const requestId = requestIdOf(req);
            const query = parseStripeParams(req.url.split('?')[1] ?? '');
            const body = req.body && typeof req.body === 'object' ? (req.body as ParamObject) : {};
            const params = { ...query, ...body };
            const header = req.headers['idempotency-key'];
            const idempotencyKey = method !== 'GET' && typeof header === 'string' && header ? header : null;
            const fingerprint = createHash('sha256').update(JSON.stringify(params)).digest('hex');
            if (idempotencyKey) {
              const earlier = world.state.idempotency.get(idempotencyKey);
              const fresh = earlier && earlier.at > world.unix() - IDEMPOTENCY_HOURS * 3_600;
              if (earlier && fresh) {
                if (
                  earlier.method !== method ||
                  earlier.path !== req.url.split('?')[0] ||
                  earlier.params !== fingerprint
                )
                  return sendStripeError(
                    reply,
                    new StripeRefusal(
                      400,
                      'idempotency_error',
                      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
                    ),
                    requestId,
                  );
                return reply.code(earlier.status).header('idempotent-replayed', 'true').send(earlier.body);
              }
            }
            world.sweepExpired();
            let status = 200;
            let answer: unknown;
            try {
              answer = handler({ params, req, request: { id: requestId, idempotency_key: idempotencyKey } });
            } catch (error) {
              if (!(error instanceof StripeRefusal)) throw error;
              status = error.status;
              answer = stripeErrorBody(error, requestId);
            }
            // Stripe keeps the first answer of a key, refusals included (not server errors).
            if (idempotencyKey && status < 500) {
              world.state.idempotency.set(idempotencyKey, {
                key: idempotencyKey,
                method,
                path: req.url.split('?')[0] ?? '',
                params: fingerprint,
                status,
                body: answer,
                at: world.unix(),
              });
              if (world.state.idempotency.size > IDEMPOTENCY_KEPT) {
                const oldest = world.state.idempotency.keys().next().value;
                if (oldest !== undefined) world.state.idempotency.delete(oldest);
              }
            }
            return reply.code(status).send(answer);
          },
        });
      };

      registerCheckoutApi(route, world);
      registerCustomerDeletion(route, world);
      registerBillingApi(route, world);
      registerPortalConfigurationApi(route, world);
    },
    { prefix: '/v1' },
  );
};
