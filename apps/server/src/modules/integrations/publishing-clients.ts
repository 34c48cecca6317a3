import { randomBytes } from 'node:crypto';
import { type PlatformSandbox, startPlatformSandbox } from '@sales-assist/platform-sandbox';
import type { Config } from '../../env';
import { type LinkedInClientConfig, linkedInClientConfigOf } from '../../lib/publishing/linkedin';
import { createMetaClient, type MetaClient } from '../../lib/publishing/meta';
import type { WordpressDeps } from '../../lib/publishing/wordpress';
import { createSafeRequest } from '../../lib/safe-fetch';

/**
 * The publishing platforms as the app reaches them: LinkedIn's OAuth app, Meta's Graph client and SDK,
 * and the SSRF-safe request for users' WordPress sites. Real platforms when their credentials are set,
 * the platform sandbox (started in-process) otherwise.
 */
export type PublishingClients = {
  linkedin: LinkedInClientConfig;
  meta: MetaClient;
  /** What the browser's Facebook login needs (GET /integrations/config). */
  facebookLogin: { sdkUrl: string; appId: string; graphVersion: string };
  wordpress: WordpressDeps;
  sandbox: { linkedin: boolean; meta: boolean };
};

/** Whether this configuration needs the bundled platform sandbox (a platform without credentials nor URL). */
export const needsPlatformSandbox = (config: Config): boolean =>
  (config.meta.sandbox && (config.meta.graphBaseUrl === null || config.meta.sdkUrl === null)) ||
  (config.linkedinPublishing.sandbox &&
    (config.linkedinPublishing.oauthBaseUrl === null || config.linkedinPublishing.apiBaseUrl === null));

/**
 * Starts the sandbox and gives its Meta stand-in an app of its own (a fresh id and secret, so every Graph
 * call is signed with appsecret_proof as against Meta); the LinkedIn stand-in already has one.
 */
export const startBundledPlatformSandbox = async (config: Config): Promise<PlatformSandbox | null> => {
  if (!needsPlatformSandbox(config)) return null;
  const sandbox = await startPlatformSandbox({ port: 0 });
  sandbox.platforms.meta.configureApp({
    appId: String(100_000_000_000 + randomBytes(4).readUInt32BE(0)),
    appSecret: randomBytes(16).toString('hex'),
  });
  return sandbox;
};

export const createPublishingClients = (
  config: Config,
  sandbox: PlatformSandbox | null,
): PublishingClients => {
  const linkedin = linkedInClientConfigOf(
    config.linkedinPublishing,
    sandbox ? { url: sandbox.url, app: sandbox.platforms.linkedin.app() } : null,
  );
  const sandboxApp = sandbox?.platforms.meta.app();
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
  // The sandbox's simulated WordPress sites listen on loopback, which the SSRF guard refuses otherwise.
  const allowlist = [...config.safeFetchAllowlist, ...(sandbox ? [new URL(sandbox.url).host] : [])];
  return {
    linkedin,
    meta,
    facebookLogin: { sdkUrl, appId, graphVersion: config.meta.graphVersion },
    wordpress: { request: createSafeRequest({ allowlist }), timeoutMs: config.wordpress.timeoutMs },
    sandbox: { linkedin: config.linkedinPublishing.sandbox, meta: config.meta.sandbox },
  };
};
