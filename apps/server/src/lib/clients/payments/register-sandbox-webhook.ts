import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type Payments, STRIPE_API_VERSION } from './create-payments';

/** Where Stripe (or the sandbox) delivers events: the app's own origin. */
export const webhookUrlOf = (appOrigin: string): string =>
  `${appOrigin.replace(/\/+$/, '')}/api/stripe/webhook`;

/** The events fulfilment handles (modules/payments/handle-stripe-event.ts). */
export const WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/**
 * In sandbox mode the app registers its own webhook endpoint at start, as one does once in Stripe's
 * dashboard for real Stripe; the sandbox keeps one endpoint per URL, so every start (and every process)
 * registering it again changes nothing. It asks for the pinned API version, as an endpoint made through
 * the API can (one made in the Dashboard sends the account's default version; fulfilment reads every
 * object from Stripe anyway: modules/payments/stripe-current.ts). Real Stripe: the endpoint is the
 * operator's to create, and its signing secret is STRIPE_WEBHOOK_SECRET.
 *
 * One form POST of Stripe's API, made without the SDK: the start must not wait ~0.15 s for the SDK to
 * load (stripe-sdk.ts), and this is the only call a start makes. The sandbox is the process's own, or
 * the one PLATFORM_SANDBOX_URL names (http or https).
 */
export const registerSandboxWebhook = async (
  payments: Pick<Payments, 'sandboxApi'>,
  appOrigin: string,
  timeoutMs: number,
): Promise<void> => {
  if (!payments.sandboxApi) return;
  const { url, secretKey } = payments.sandboxApi;
  const form = new URLSearchParams({
    url: webhookUrlOf(appOrigin),
    description: 'Sales Assist fulfilment',
    api_version: STRIPE_API_VERSION,
  });
  // Stripe's form encoding of a list: indexed keys.
  for (const [index, event] of WEBHOOK_EVENTS.entries()) form.append(`enabled_events[${index}]`, event);
  const { status, body } = await postForm(
    new URL(`${url.replace(/\/+$/, '')}/v1/webhook_endpoints`),
    form.toString(),
    { authorization: `Bearer ${secretKey}`, 'stripe-version': STRIPE_API_VERSION },
    timeoutMs,
  );
  if (status < 200 || status >= 300) {
    // Stripe's error shape: { error: { message } }.
    let message = '';
    try {
      message = (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? '';
    } catch {
      // Not Stripe's error shape: the status says enough.
    }
    throw new Error(`HTTP ${status}: ${message || 'no message'}`);
  }
};

/**
 * A form POST through node:http(s), not fetch: the first fetch of a process loads its HTTP client
 * (~35 ms of CPU on this machine), which this one call at start would otherwise pay before the port opens.
 */
const postForm = (
  target: URL,
  form: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(form),
        },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(form);
  });
