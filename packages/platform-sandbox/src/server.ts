import { sandboxServer } from '@sales-assist/sandbox-kit';
import type { FastifyInstance } from 'fastify';
import type { PlatformSandboxContext } from './context';
import { type FaultControl, registerFaults } from './faults';
import { type LinkedInControl, registerLinkedIn } from './routes/linkedin/linkedin';
import type { LinkedInWorld } from './routes/linkedin/world';
import { type MetaControl, registerMeta } from './routes/meta/meta';
import type { MetaWorld } from './routes/meta/world';
import { registerStripe } from './routes/stripe/stripe';
import type { StripeControl, StripeWorld } from './routes/stripe/world';
import { registerWordpress, type WordpressControl } from './routes/wordpress/wordpress';
import type { WordpressWorld } from './routes/wordpress/world';

/**
 * Each platform's stand-in registers its routes on the one sandbox server and answers its own control
 * (what a test reads or changes in that platform's world). Platforms live under their own path prefix
 * where the real API shares a host with nothing else (e.g. /linkedin, /graph, /wp/{site}); the clients
 * take their base URLs from configuration, so they cannot tell the sandbox from the platform.
 */
export type PlatformStandIns = {
  /** Facebook pages and Instagram business accounts (Graph API, Facebook login). */
  meta: MetaControl;
  /** Members' LinkedIn feeds (OAuth 3-legged, userinfo, Posts and Images API). */
  linkedin: LinkedInControl;
  /** WordPress sites under /wp/{site} (REST API with application passwords). */
  wordpress: WordpressControl;
  /** Payments: Stripe's REST API at /v1, Stripe.js, Checkout and the customer portal, signed webhooks. */
  stripe: StripeControl;
};

/** The worlds behind the stand-ins, with what the world store saves and restores. */
export type PlatformWorlds = {
  meta: MetaWorld;
  linkedin: LinkedInWorld;
  wordpress: WordpressWorld;
  stripe: StripeWorld;
};

/**
 * The apps the sandbox plays the platforms for, secrets included: a server pointed at a sandbox started
 * on its own (PLATFORM_SANDBOX_URL) reads them from GET /__sandbox/apps. A sandbox holds made-up
 * secrets only, and listens on loopback unless told otherwise.
 */
export type SandboxApps = {
  linkedin: { clientId: string; clientSecret: string };
  meta: { appId: string | null; appSecret: string | null };
  /** Made-up keys of the Stripe account, made once per world: STRIPE_SECRET_KEY and its kin. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string };
};

export type BuiltSandbox = { app: FastifyInstance; faults: FaultControl; worlds: PlatformWorlds };

export const buildPlatformSandbox = (ctx: PlatformSandboxContext): BuiltSandbox => {
  // Pictures and videos uploaded to the platforms come whole in one request.
  const app = sandboxServer({ bodyLimit: 20 * 1_048_576 });
  const faults = registerFaults(app);
  const worlds: PlatformWorlds = {
    meta: registerMeta(app, ctx),
    linkedin: registerLinkedIn(app, ctx),
    wordpress: registerWordpress(app, ctx),
    stripe: registerStripe(app, ctx),
  };
  app.get(
    '/__sandbox/apps',
    async (): Promise<SandboxApps> => ({
      linkedin: worlds.linkedin.app(),
      meta: worlds.meta.app(),
      stripe: worlds.stripe.app(),
    }),
  );
  return { app, faults, worlds };
};
