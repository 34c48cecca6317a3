import { INTEGRATION_MESSAGES, type TMessageResponse, type TUserInfoResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../http/errors';
import { getLinkedInMember, revokeLinkedInToken } from '../../lib/clients/publishing/linkedin';
import { PublishError } from '../../lib/clients/publishing/types';
import { connectionsOf, forgetConnection, markReconnect } from './connections';
import { countWaitingPosts } from './waiting-posts';

type Log = { warn: (obj: object, msg: string) => void };

const NOT_CONNECTED = 'No LinkedIn account is connected. Connect one on the Integrations page.';

/**
 * GET /get_user_info: the connected member's name and picture, read fresh from LinkedIn with the stored
 * token, and how many posts wait for the account (the unlink warning). A token LinkedIn no longer takes
 * turns the tile to "reconnect"; LinkedIn out of reach answers what was saved at connection time.
 */
export const linkedInUserInfo = async (
  deps: AppDeps,
  userId: string,
  log: Log,
): Promise<TUserInfoResponse> => {
  const [connection] = await connectionsOf(deps, userId, 'linkedin');
  if (!connection) throw notFound(NOT_CONNECTED);
  const waitingPosts = await countWaitingPosts(deps, connection.id);
  const saved = { name: connection.name, picture: connection.pictureUrl };
  if (connection.status === 'reconnect') return { data: saved, waiting_posts: waitingPosts };
  try {
    const member = await getLinkedInMember(deps.publishing.linkedin, deps.vault.open(connection.sealedToken));
    return { data: { name: member.name, picture: member.picture }, waiting_posts: waitingPosts };
  } catch (error) {
    if (!(error instanceof PublishError)) throw error;
    log.warn({ kind: error.kind, status: error.status }, 'LinkedIn: reading the member failed');
    if (error.needsReconnect) await markReconnect(deps, connection.id, error);
    return { data: saved, waiting_posts: waitingPosts };
  }
};

/**
 * DELETE /gentoken {social_media: linkedin}: LinkedIn withdraws our access, then we forget the token.
 * Only LinkedIn out of reach keeps the account (the user tries again); a token it no longer knows is
 * as good as revoked.
 */
export const unlinkLinkedIn = async (deps: AppDeps, userId: string, log: Log): Promise<TMessageResponse> => {
  const connections = await connectionsOf(deps, userId, 'linkedin');
  if (connections.length === 0) throw new AppError(404, 'not_found', INTEGRATION_MESSAGES.cantUnlink);
  for (const connection of connections) {
    try {
      await revokeLinkedInToken(deps.publishing.linkedin, deps.vault.open(connection.sealedToken));
    } catch (error) {
      if (!(error instanceof PublishError) || !error.needsReconnect) {
        log.warn(
          { kind: error instanceof PublishError ? error.kind : 'error' },
          'LinkedIn: unlinking failed',
        );
        throw new AppError(502, 'unlink_failed', INTEGRATION_MESSAGES.cantUnlink);
      }
    }
    await forgetConnection(deps, connection.id);
  }
  return { message: INTEGRATION_MESSAGES.unlinked };
};
