import {
  INTEGRATION_MESSAGES,
  type TConnectedResponse,
  type TWordpressRequest,
} from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { checkWordpressSite } from '../../lib/clients/publishing/wordpress';
import { connectionsOf, forgetConnection, saveConnection } from './connections';

/**
 * POST /wordpress: the site is checked with the user's username and application password (through the
 * SSRF-safe request) before anything is saved: an account whose role cannot publish is refused, and a
 * refused login gets one message listing what to check (WordPress answers every wrong login alike). One
 * site per user, as the spec's single Wordpress tile says.
 */
export const connectWordpress = async (
  deps: AppDeps,
  userId: string,
  input: Required<TWordpressRequest>,
): Promise<TConnectedResponse> => {
  const existing = await connectionsOf(deps, userId, 'wordpress');
  if (existing.some((row) => row.status === 'connected'))
    throw new AppError(409, 'already_connected', INTEGRATION_MESSAGES.wordpressAlreadyConnected);
  const check = await checkWordpressSite(
    { host: input.HOSTNAME, username: input.USERNAME, applicationPassword: input.PASSWORD },
    deps.publishing.wordpress,
  );
  if (!check.ok) {
    const unreachable = check.problem === 'unreachable' || check.problem === 'site_error';
    throw new AppError(unreachable ? 502 : 400, `wordpress_${check.problem}`, check.message);
  }
  const username = input.USERNAME.trim();
  await saveConnection(deps, userId, {
    platform: 'wordpress',
    externalId: `${check.baseUrl} ${username}`,
    name: check.user.name || username,
    pictureUrl: null,
    token: input.PASSWORD.trim(),
    meta: { baseUrl: check.baseUrl, username, restStyle: check.restStyle },
    tokenExpiresAt: null,
  });
  // A site that was asking to reconnect and is now connected again under another address is forgotten.
  for (const row of existing)
    if (row.externalId !== `${check.baseUrl} ${username}`) await forgetConnection(deps, row.id);
  return {
    message: INTEGRATION_MESSAGES.wordpressConnected,
    accounts: [{ name: check.user.name || username, picture: null }],
  };
};
