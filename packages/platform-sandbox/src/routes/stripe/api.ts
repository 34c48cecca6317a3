import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerBillingApi } from './api-billing';
import { registerCheckoutApi } from './api-checkout';
import type { ApiRoute } from './api-route';
import { registerCustomerDeletion } from './customers-delete';
import { StripeRefusal, sendStripeError, stripeErrorBody } from './errors';
import { type ParamObject, parseStripeParams } from './form';
import { registerPortalConfigurationApi } from './portal-configurations';
import { API_VERSION } from './records';
import type { StripeWorld } from './world';

/**
 * Stripe's REST API at /v1 for the calls the app makes, as the official SDK speaks it: form-encoded
 * parameters with bracketed keys, the secret key as Bearer (or Basic) auth, Stripe's error shape and
 * statuses, a Request-Id on every answer, and Idempotency-Key honoured on POST and DELETE (the same key
 * replays the first answer; the same key with other parameters is refused), as Stripe keeps them for 24 h.
 */

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
