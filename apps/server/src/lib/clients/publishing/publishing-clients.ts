import path from 'node:path';
import {
  giveMetaAnApp,
  type PlatformSandbox,
  type SandboxApps,
  startPlatformSandbox,
} from '@sales-assist/platform-sandbox';
import type { Config } from '../../../env';
import { createSafeRequest, type SafeRequest, UnsafeUrlError } from '../../security/safe-fetch';
import { type LinkedInClientConfig, linkedInClientConfigOf } from './linkedin';
import { createMetaClient, type MetaClient } from './meta';
import type { WordpressDeps } from './wordpress';

/**
 * The publishing platforms as the app reaches them: LinkedIn's OAuth app, Meta's Graph client and SDK,
 * and the SSRF-safe request for users' WordPress sites. Real platforms when their credentials are set,
 * the platform sandbox (in-process, or the one at PLATFORM_SANDBOX_URL) otherwise.
 */
export type PublishingClients = {
  linkedin: LinkedInClientConfig;
  meta: MetaClient;
  /** What the browser's Facebook login needs (GET /integrations/config). */
  facebookLogin: { sdkUrl: string; appId: string; graphVersion: string };
  wordpress: WordpressDeps;
  sandbox: { linkedin: boolean; meta: boolean };
};

/**
 * Whether this configuration needs the bundled platform sandbox: a platform without credentials nor URL,
 * or payments without STRIPE_SECRET_KEY.
 */
export const needsPlatformSandbox = (config: Config): boolean =>
  config.stripe.sandbox ||
  (config.meta.sandbox && (config.meta.graphBaseUrl === null || config.meta.sdkUrl === null)) ||
  (config.linkedinPublishing.sandbox &&
    (config.linkedinPublishing.oauthBaseUrl === null || config.linkedinPublishing.apiBaseUrl === null));

/** The platform sandbox the clients talk to: where it is, and the apps it plays the platforms for. */
export type PlatformSandboxEndpoint = { url: string; apps: SandboxApps };

/** What a process uses: the endpoint, and the sandbox itself when this process runs it (else null). */
export type PlatformSandboxInUse = {
  endpoint: PlatformSandboxEndpoint | null;
  local: PlatformSandbox | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads the apps of a sandbox started on its own. It may start after the server (processes started side
 * by side), so the server waits for it a while, then refuses to start with the reason.
 */
const appsOfSandboxAt = async (url: string, waitMs: number): Promise<SandboxApps> => {
  const until = Date.now() + waitMs;
  let problem = '';
  for (;;) {
    try {
      const response = await fetch(`${url}/__sandbox/apps`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return (await response.json()) as SandboxApps;
      problem = `it answered ${response.status}`;
    } catch (error) {
      problem = (error as Error).message;
    }
    if (Date.now() >= until)
      throw new Error(`The platform sandbox at PLATFORM_SANDBOX_URL=${url} cannot be reached (${problem})`);
    await sleep(500);
  }
};

/**
 * The platform sandbox of this process. PLATFORM_SANDBOX_URL: the one started on its own, shared by every
 * process (its apps' credentials read from it). Else, when a platform has neither credentials nor URL,
 * one started in-process with its worlds kept in DATA_DIR/platform-sandbox (the tokens it gave out and
 * its Meta app outlive a restart, and it listens on the same port again, which connected WordPress
 * sites' addresses hold).
 */
export const openPlatformSandbox = async (
  config: Config,
  options: { waitMs?: number } = {},
): Promise<PlatformSandboxInUse> => {
  if (config.platformSandboxUrl) {
    const url = config.platformSandboxUrl;
    return { endpoint: { url, apps: await appsOfSandboxAt(url, options.waitMs ?? 30_000) }, local: null };
  }
  if (!needsPlatformSandbox(config)) return { endpoint: null, local: null };
  const local = await startPlatformSandbox({ dataDir: path.join(config.dataDir, 'platform-sandbox') });
  giveMetaAnApp(local);
  const apps = {
    linkedin: local.platforms.linkedin.app(),
    meta: local.platforms.meta.app(),
    stripe: local.platforms.stripe.app(),
  };
  return { endpoint: { url: local.url, apps }, local };
};

/** Where the platform sandbox serves its simulated WordPress sites (`{sandbox}/wp/{site}`). */
const SANDBOX_WORDPRESS_PREFIX = '/wp/';

/**
 * The sandbox's simulated WordPress sites listen on loopback, which the SSRF guard refuses; so that a demo
 * install can connect them, the WordPress client may reach the sandbox's port, but only its WordPress sites:
 * the same port plays Meta, LinkedIn and Stripe (their controls too), which a user's address must never
 * reach. Redirects are not followed by the request, so checking the address asked for is enough.
 */
const onlySandboxSites = (request: SafeRequest, sandboxUrl: string): SafeRequest => {
  const sandbox = new URL(sandboxUrl);
  return (input, init) => {
    const url = URL.parse(input);
    if (url && url.host === sandbox.host && !url.pathname.startsWith(SANDBOX_WORDPRESS_PREFIX))
      return Promise.reject(new UnsafeUrlError(`${url.hostname} is a loopback address (this server itself)`));
    return request(input, init);
  };
};

export const createPublishingClients = (
  config: Config,
  sandbox: PlatformSandboxEndpoint | null,
): PublishingClients => {
  const linkedin = linkedInClientConfigOf(
    config.linkedinPublishing,
    sandbox ? { url: sandbox.url, app: sandbox.apps.linkedin } : null,
  );
  const sandboxApp = sandbox?.apps.meta;
  const appId = config.meta.appId ?? sandboxApp?.appId ?? null;
  const graphBaseUrl = config.meta.graphBaseUrl ?? (sandbox ? `${sandbox.url}/graph` : null);
  const sdkUrl = config.meta.sdkUrl ?? (sandbox ? `${sandbox.url}/facebook/sdk.js` : null);
  if (!appId || !graphBaseUrl || !sdkUrl)
    throw new Error('Facebook and Instagram need META_APP_ID and META_APP_SECRET, or the platform sandbox');
  const meta = createMetaClient({
    graphBaseUrl,
    graphVersion: config.meta.graphVersion,
    appId,
    appSecret: config.meta.appSecret ?? sandboxApp?.appSecret ?? null,
    timeoutMs: config.meta.timeoutMs,
  });
  const wordpressRequest = createSafeRequest({
    allowlist: [...config.safeFetchAllowlist, ...(sandbox ? [new URL(sandbox.url).host] : [])],
  });
  return {
    linkedin,
    meta,
    facebookLogin: { sdkUrl, appId, graphVersion: config.meta.graphVersion },
    wordpress: {
      request: sandbox ? onlySandboxSites(wordpressRequest, sandbox.url) : wordpressRequest,
      timeoutMs: config.wordpress.timeoutMs,
    },
    sandbox: { linkedin: config.linkedinPublishing.sandbox, meta: config.meta.sandbox },
  };
};
