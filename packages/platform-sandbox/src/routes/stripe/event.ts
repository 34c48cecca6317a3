/**
 * An event as Stripe sends it to a webhook endpoint (and lists it at /v1/events). Apart from the delivery
 * (webhooks.ts) because the version conversion (api-versions.ts), which delivery calls,
 * reads it too.
 */
export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};
