import Stripe from 'stripe';
import type { PlatformSandbox } from '../index';

/** For tests: the official SDK pointed at a sandbox, as the app's server points it (host, port, http). */
export const STRIPE_API_VERSION = '2026-03-25.dahlia';

export const sdkFor = (
  sandbox: Pick<PlatformSandbox, 'url' | 'platforms'>,
  key = sandbox.platforms.stripe.app().secretKey,
) => {
  const { hostname, port } = new URL(sandbox.url);
  return new Stripe(key, {
    apiVersion: STRIPE_API_VERSION as never,
    host: hostname,
    port: Number(port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
};
