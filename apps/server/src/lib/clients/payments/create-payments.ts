import type Stripe from 'stripe';
import { type Config, STRIPE_JS_DEFAULT_URL } from '../../../env';
import { loadOnce } from '../../core/load-once';
import { loadStripeSdk } from './stripe-sdk';

/**
 * The Stripe API version every call is made with, pinned so a change of the account's default version
 * never changes what the answers and the webhooks look like (endpoints made with the API get this version
 * too). The installed SDK (23.1.0) is typed for the newer 2026-10-28.endive; the fields used here
 * (Checkout's embedded_page, items' current_period_*, invoices' parent.subscription_details) are the same
 * in both, and the bundled sandbox speaks this version.
 */
export const STRIPE_API_VERSION = '2026-03-25.dahlia';

/** The Stripe stand-in's app of the platform sandbox (its keys and its webhook signing secret). */
export type SandboxStripeApp = { secretKey: string; publishableKey: string; webhookSecret: string };

/** Payments as the app reaches them: real Stripe with STRIPE_SECRET_KEY, the platform sandbox without. */
export type Payments = {
  /** The SDK's client, made at the first call that needs it (the SDK is loaded then: stripe-sdk.ts). */
  stripe: () => Promise<Stripe>;
  /** Verifies the Stripe-Signature of webhooks (STRIPE_WEBHOOK_SECRET, or the sandbox's). */
  webhookSecret: string;
  /** Given to the browser with each Checkout Session (Stripe.js needs it). */
  publishableKey: string;
  /** Where the browser loads Stripe.js from: Stripe's own, or the sandbox's stand-in. */
  scriptUrl: string;
  sandbox: boolean;
  /**
   * Sandbox mode: the sandbox's address and secret key, for the webhook registration every start makes
   * without the SDK (register-sandbox-webhook.ts). null with real Stripe.
   */
  sandboxApi: { url: string; secretKey: string } | null;
};

/** Where the sandbox serves its Stripe.js stand-in. */
export const sandboxStripeJsUrl = (sandboxUrl: string): string => `${sandboxUrl}/stripe/v3/stripe.js`;

/** The SDK's `host`, `port` and `protocol` for a sandbox URL (the SDK takes no base URL). */
const addressOf = (url: string): { host: string; port: number; protocol: 'http' | 'https' } => {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'https:' ? 'https' : 'http';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
};

export const createPayments = (
  config: Config,
  sandbox: { url: string; app: SandboxStripeApp | undefined } | null,
): Payments => {
  const options: Stripe.StripeConfig = {
    // Typed for the SDK's own version (see STRIPE_API_VERSION).
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    // The SDK retries network failures and 409/5xx with an idempotency key of its own; checkout sessions
    // are created with ours, so a retried create never makes two sessions.
    maxNetworkRetries: 2,
    timeout: config.stripe.timeoutMs,
    appInfo: { name: 'Sales Assist' },
  };
  // Made at the first payment call, not with the server: the SDK loads with it (stripe-sdk.ts).
  const client = (key: string, settings: Stripe.StripeConfig) =>
    loadOnce(async () => new (await loadStripeSdk())(key, settings));
  const { secretKey, publishableKey, webhookSecret } = config.stripe;
  if (secretKey && publishableKey && webhookSecret) {
    return {
      stripe: client(secretKey, options),
      webhookSecret,
      publishableKey,
      scriptUrl: config.stripe.jsUrl ?? STRIPE_JS_DEFAULT_URL,
      sandbox: false,
      sandboxApi: null,
    };
  }
  if (!sandbox?.app)
    throw new Error(
      'Payments need STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or the platform sandbox',
    );
  return {
    stripe: client(sandbox.app.secretKey, { ...options, ...addressOf(sandbox.url) }),
    webhookSecret: sandbox.app.webhookSecret,
    publishableKey: sandbox.app.publishableKey,
    scriptUrl: config.stripe.jsUrl ?? sandboxStripeJsUrl(sandbox.url),
    sandbox: true,
    sandboxApi: { url: sandbox.url, secretKey: sandbox.app.secretKey },
  };
};
