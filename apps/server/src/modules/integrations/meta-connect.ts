import { INTEGRATION_MESSAGES, type TConnectedResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { PublishError } from '../../lib/clients/publishing/types';
import { connectionsOf, saveConnection } from './connections';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * The Facebook login asks for what page posts and Instagram publishing need, and for the insights of what
 * was published (read_insights: Page post insights; instagram_manage_insights: Instagram media insights).
 * An account connected before, or whose person declined those, shows its posts' figures as not available
 * with the granted permissions until it is connected again.
 */
export const FACEBOOK_LOGIN_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_posts',
  'read_insights',
  'business_management',
  'instagram_basic',
  'instagram_content_publish',
  'instagram_manage_insights',
] as const;

const MESSAGES = {
  facebook: {
    connected: INTEGRATION_MESSAGES.facebookConnected,
    already: INTEGRATION_MESSAGES.facebookAlreadyConnected,
    none: 'No Facebook page you can post on was found. Create a page, or ask its admin for access, then try again.',
  },
  instagram: {
    connected: INTEGRATION_MESSAGES.instagramConnected,
    already: INTEGRATION_MESSAGES.instagramAlreadyConnected,
    none: 'No Instagram business or creator account is linked to your Facebook pages. Link one in the page settings, then try again.',
  },
} as const;

/**
 * POST /gentoken for Facebook or Instagram: the SDK's short-lived token becomes a long-lived one, whose
 * pages give page tokens that do not expire; Facebook keeps each page the person may post on, Instagram
 * each business account linked to one of those pages (posted to with that page's token).
 */
export const connectMeta = async (
  deps: AppDeps,
  userId: string,
  platform: 'facebook' | 'instagram',
  userAccessToken: string,
  log: Log,
): Promise<TConnectedResponse> => {
  const words = MESSAGES[platform];
  if (!userAccessToken) throw new AppError(400, 'no_login_status', INTEGRATION_MESSAGES.noLoginStatus);
  const existing = await connectionsOf(deps, userId, platform);
  if (existing.some((row) => row.status === 'connected'))
    throw new AppError(409, 'already_connected', words.already);

  const meta = deps.publishing.meta;
  let pages: Awaited<ReturnType<typeof meta.listPages>>;
  try {
    const longLived = await meta.exchangeForLongLivedToken(userAccessToken);
    pages = (await meta.listPages(longLived.accessToken)).filter((page) => page.canPublish);
  } catch (error) {
    if (!(error instanceof PublishError)) throw error;
    log.warn(
      { kind: error.kind, status: error.status, code: error.code, platform },
      'Meta connection failed',
    );
    const unavailable =
      error.kind === 'unavailable' || error.kind === 'unknown_outcome' || error.kind === 'rate_limited';
    throw new AppError(unavailable ? 502 : 400, 'token_refused', INTEGRATION_MESSAGES.errorSendingToken);
  }

  const accounts: TConnectedResponse['accounts'] = [];
  for (const page of pages) {
    if (platform === 'facebook') {
      await saveConnection(deps, userId, {
        platform,
        externalId: page.id,
        name: page.name,
        pictureUrl: page.pictureUrl,
        token: page.accessToken,
        meta: { pageId: page.id },
        // Page tokens minted from a long-lived user token do not expire.
        tokenExpiresAt: null,
      });
      accounts.push({ name: page.name, picture: page.pictureUrl });
    } else if (page.instagram) {
      await saveConnection(deps, userId, {
        platform,
        externalId: page.instagram.id,
        name: page.instagram.username,
        pictureUrl: page.instagram.profilePictureUrl,
        token: page.accessToken,
        meta: { pageId: page.id },
        tokenExpiresAt: null,
      });
      accounts.push({ name: page.instagram.username, picture: page.instagram.profilePictureUrl });
    }
  }
  if (accounts.length === 0) throw new AppError(400, 'nothing_to_connect', words.none);
  return { message: words.connected, accounts };
};
