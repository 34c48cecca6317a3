import type { FastifyReply } from 'fastify';

/**
 * Stripe's refusals in Stripe's own shape ({ error: { type, code, message, param, doc_url,
 * request_log_url } }) and statuses, so the SDK raises the same error classes (StripeInvalidRequestError,
 * StripeAuthenticationError, StripeCardError, StripeIdempotencyError) as against Stripe.
 */
export class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly type:
      | 'invalid_request_error'
      | 'card_error'
      | 'idempotency_error'
      | 'api_error'
      | 'authentication_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const stripeErrorBody = (refusal: StripeRefusal, requestId: string) => ({
  error: {
    ...(refusal.code
      ? {
          code: refusal.code,
          doc_url: `https://stripe.com/docs/error-codes/${refusal.code.replace(/_/g, '-')}`,
        }
      : {}),
    message: refusal.message,
    ...(refusal.param ? { param: refusal.param } : {}),
    request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
    type: refusal.type,
    ...refusal.extra,
  },
});

export const sendStripeError = (reply: FastifyReply, refusal: StripeRefusal, requestId: string) =>
  reply.code(refusal.status).send(stripeErrorBody(refusal, requestId));

export const missingParam = (param: string) =>
  new StripeRefusal(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );

export const unknownParam = (param: string) =>
  new StripeRefusal(
    400,
    'invalid_request_error',
    `Received unknown parameter: ${param}`,
    'parameter_unknown',
    param,
  );

export const invalidParam = (param: string, message: string, code?: string) =>
  new StripeRefusal(400, 'invalid_request_error', message, code, param);

/** A path's object that does not exist (404) or an id given as a parameter that does not (400). */
export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeRefusal(
    param === 'id' ? 404 : 400,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    'resource_missing',
    param,
  );

export const cardDeclined = (message: string, declineCode: string, code = 'card_declined') =>
  new StripeRefusal(402, 'card_error', message, code, undefined, {
    ...(code === 'card_declined' ? { decline_code: declineCode } : {}),
  });
