import { z } from 'zod';
import { PublishError } from '../types';
import { metaError } from './errors';
import type { GraphTransport } from './graph';

/** A user token good for about 60 days, from the short one the Facebook login gave the browser. */
export type LongLivedUserToken = { accessToken: string; expiresAt: Date | null };
export type MetaPerson = { id: string; name: string; pictureUrl: string | null };

const ZExchange = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().int().positive().optional(),
});
const ZMe = z.object({
  id: z.string(),
  name: z.string().default(''),
  picture: z.object({ data: z.object({ url: z.string() }) }).optional(),
});
const ZSuccess = z.object({ success: z.boolean() });

/** GET /oauth/access_token?grant_type=fb_exchange_token: needs the app secret. */
export const exchangeForLongLivedToken = async (
  graph: GraphTransport,
  shortLivedToken: string,
): Promise<LongLivedUserToken> => {
  const { appId, appSecret } = graph.options;
  if (!appSecret) {
    throw metaError('invalid', 'META_APP_SECRET is not configured: login tokens cannot be exchanged', {
      platform: 'facebook',
    });
  }
  const now = graph.options.now ?? Date.now;
  const answer = await graph.call(ZExchange, {
    method: 'GET',
    path: '/oauth/access_token',
    token: shortLivedToken,
    query: {
      grant_type: 'fb_exchange_token',
      client_id: appId,
      client_secret: appSecret,
      fb_exchange_token: shortLivedToken,
    },
    publishing: false,
    what: 'Exchange the login token',
    platform: 'facebook',
  });
  return {
    accessToken: answer.access_token,
    expiresAt: answer.expires_in ? new Date(now() + answer.expires_in * 1000) : null,
  };
};

/** GET /me?fields=id,name,picture: the person who logged in. */
export const readPerson = async (graph: GraphTransport, userToken: string): Promise<MetaPerson> => {
  const me = await graph.call(ZMe, {
    method: 'GET',
    path: '/me',
    token: userToken,
    query: { fields: 'id,name,picture' },
    publishing: false,
    what: 'Read the Facebook account',
    platform: 'facebook',
  });
  return { id: me.id, name: me.name, pictureUrl: me.picture?.data.url ?? null };
};

/**
 * DELETE /me/permissions: takes back everything the person granted the app (unlinking). A token Meta
 * no longer takes has nothing left to revoke, so that counts as done.
 */
export const revokeAccess = async (graph: GraphTransport, userToken: string): Promise<void> => {
  try {
    await graph.call(ZSuccess, {
      method: 'DELETE',
      path: '/me/permissions',
      token: userToken,
      publishing: false,
      what: 'Revoke the app',
      platform: 'facebook',
    });
  } catch (error) {
    if (error instanceof PublishError && (error.kind === 'auth_expired' || error.kind === 'revoked')) return;
    throw error;
  }
};
