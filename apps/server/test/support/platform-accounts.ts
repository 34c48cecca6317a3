import { randomBytes } from 'node:crypto';
import type { PlatformSandbox } from '@sales-assist/platform-sandbox';
import { and, eq } from 'drizzle-orm';
import { type SocialConnectionRow, type SocialPlatform, socialConnections } from '../../src/db/schema';
import type { SeededUser } from './factories';
import type { Harness } from './harness';

/** The demo WordPress site's application password for its editor. */
export const WP_PASSWORD = 'abcd EFGH 1234 ijkl MNOP 5678';

/** The in-process platform sandbox of the harness (tests run without platform credentials). */
export const sandboxOf = (h: Harness): PlatformSandbox => {
  const sandbox = h.services.platformSandbox;
  if (!sandbox) throw new Error('the platform sandbox should run without platform credentials');
  return sandbox;
};

const call = (h: Harness, user: SeededUser, method: 'GET' | 'POST', url: string, body?: unknown) =>
  h.call(method, `/api${url}`, { token: user.accessToken, ...(body === undefined ? {} : { body }) });

/**
 * What the Integrations page's popup does: open the authorize URL, press Allow on the sandbox's consent
 * page, and read the code and state LinkedIn sends back with (`authorizeUrl` is where it began).
 */
export const linkedInConsent = async (
  h: Harness,
  user: SeededUser,
): Promise<{ authorizeUrl: URL; code: string; state: string; redirect: URL }> => {
  const authorize = await call(h, user, 'GET', '/integrations/linkedin/authorize');
  if (authorize.statusCode !== 200) throw new Error(`no LinkedIn authorize URL: ${authorize.body}`);
  const authorizeUrl = new URL(authorize.json().url);
  const decided = await fetch(new URL('authorization/decide', authorizeUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: authorizeUrl.searchParams.get('client_id') ?? '',
      redirect_uri: authorizeUrl.searchParams.get('redirect_uri') ?? '',
      state: authorizeUrl.searchParams.get('state') ?? '',
      scope: authorizeUrl.searchParams.get('scope') ?? '',
      decision: 'allow',
    }),
  });
  const redirect = new URL(decided.headers.get('location') ?? '');
  return {
    authorizeUrl,
    code: redirect.searchParams.get('code') ?? '',
    state: redirect.searchParams.get('state') ?? '',
    redirect,
  };
};

export const connectionOf = async (
  h: Harness,
  user: SeededUser,
  platform: SocialPlatform,
): Promise<SocialConnectionRow> => {
  const [row] = await h.deps.db
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.userId, user.user.id), eq(socialConnections.platform, platform)));
  if (!row) throw new Error(`no ${platform} connection`);
  return row;
};

/**
 * Connects LinkedIn as the Integrations page does (consent page, then the code exchanged by POST
 * /gentoken) and answers the saved connection. `newMember`: a LinkedIn member of the user's own, so what
 * LinkedIn holds from it is this test's alone; otherwise the sandbox's signed-in member.
 */
export const connectLinkedIn = async (
  h: Harness,
  user: SeededUser,
  options: { newMember?: boolean } = {},
): Promise<SocialConnectionRow> => {
  if (options.newMember) {
    const linkedin = sandboxOf(h).platforms.linkedin;
    const member = linkedin.addMember({
      name: `Member ${randomBytes(3).toString('hex')}`,
      email: user.email,
    });
    linkedin.signInAs(member.sub);
  }
  const { code, state } = await linkedInConsent(h, user);
  const answer = await call(h, user, 'POST', '/gentoken', {
    social_media: 'linkedin',
    user_access_token: code,
    state,
  });
  if (answer.statusCode !== 200) throw new Error(`LinkedIn did not connect: ${answer.body}`);
  return connectionOf(h, user, 'linkedin');
};

/** A login token for the sandbox's Meta user, as the Facebook SDK would give it. */
export const metaLoginToken = (h: Harness): string => {
  const meta = sandboxOf(h).platforms.meta;
  return meta.issueUserToken(meta.defaultUser().id).value;
};

/** Connects the sandbox's Facebook page or its Instagram account with a login token the SDK would give. */
export const connectMeta = async (
  h: Harness,
  user: SeededUser,
  platform: 'facebook' | 'instagram',
): Promise<SocialConnectionRow> => {
  const answer = await call(h, user, 'POST', '/gentoken', {
    social_media: platform,
    user_access_token: metaLoginToken(h),
  });
  if (answer.statusCode !== 200) throw new Error(`${platform} did not connect: ${answer.body}`);
  return connectionOf(h, user, platform);
};

/** Connects the sandbox's demo WordPress site with the editor's application password. */
export const connectWordpress = async (h: Harness, user: SeededUser): Promise<SocialConnectionRow> => {
  const answer = await call(h, user, 'POST', '/wordpress', {
    USERNAME: 'editor',
    PASSWORD: WP_PASSWORD,
    HOSTNAME: `${sandboxOf(h).url}/wp/demo`,
  });
  if (answer.statusCode !== 200) throw new Error(`WordPress did not connect: ${answer.body}`);
  return connectionOf(h, user, 'wordpress');
};
