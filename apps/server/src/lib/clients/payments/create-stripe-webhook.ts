import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from './create-payments';
import { WEBHOOK_EVENTS, webhookUrlOf } from './register-sandbox-webhook';

export type WebhookSetup =
  | { created: true; id: string; url: string; secret: string }
  | { created: false; id: string; url: string; apiVersion: string | null };

/**
 * The operator's one step on a real Stripe account, done through the API: the app's webhook endpoint at
 * APP_ORIGIN/api/stripe/webhook, for the events fulfilment handles, in the pinned API version (what the
 * Dashboard cannot promise: an endpoint made there sends the account's default version; fulfilment
 * copes with either, as it reads every object from Stripe). An endpoint already at that URL is left as
 * it is (Stripe shows a signing secret only when the endpoint is made).
 */
export const createStripeWebhook = async (stripe: Stripe, appOrigin: string): Promise<WebhookSetup> => {
  const url = webhookUrlOf(appOrigin);
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) {
    if (endpoint.url === url)
      return { created: false, id: endpoint.id, url, apiVersion: endpoint.api_version };
  }
  const made = await stripe.webhookEndpoints.create({
    url,
    enabled_events: [...WEBHOOK_EVENTS],
    description: 'Sales Assist fulfilment',
    api_version: STRIPE_API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
  });
  return { created: true, id: made.id, url, secret: made.secret ?? '' };
};

/**
 * `STRIPE_SECRET_KEY=sk_… APP_ORIGIN=https://… node --import tsx apps/server/src/lib/clients/payments/create-stripe-webhook.ts`
 * prints the signing secret to set as STRIPE_WEBHOOK_SECRET.
 */
const main = async () => {
  const key = process.env.STRIPE_SECRET_KEY;
  const origin = process.env.APP_ORIGIN;
  if (!key || !origin) {
    process.stderr.write('Set STRIPE_SECRET_KEY and APP_ORIGIN (the address Stripe reaches the app at).\n');
    process.exit(2);
  }
  const setup = await createStripeWebhook(
    new Stripe(key, { apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion }),
    origin,
  );
  process.stdout.write(
    setup.created
      ? `Made ${setup.id} at ${setup.url} (API version ${STRIPE_API_VERSION}).\nSTRIPE_WEBHOOK_SECRET=${setup.secret}\n`
      : `An endpoint is already at ${setup.url} (${setup.id}, API version ${setup.apiVersion ?? 'the account default'}); its signing secret is in the Dashboard (Developers → Webhooks).\n`,
  );
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  });
}
