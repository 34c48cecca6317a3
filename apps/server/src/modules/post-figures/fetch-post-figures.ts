import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type SocialConnectionRow, socialConnections } from '../../db/schema';
import { readLinkedInPostFigures } from '../../lib/clients/publishing/linkedin';
import type { PostFiguresRead } from '../../lib/clients/publishing/post-figures';
import { PublishError } from '../../lib/clients/publishing/types';
import { markReconnect } from '../integrations/connections';
import { openAccountToken } from '../publishing/engine/account-tokens';
import { type DuePost, duePostsOf } from './due-posts';
import { CALL_PACE_MS, nextReadAt, POSTS_PER_RUN, RETRY_AFTER_MS } from './figure-schedule';
import { recordCheck, recordFigures } from './record-figures';

type Deps = AppDeps;

export type FiguresRun = {
  measured: number;
  notPermitted: number;
  gone: number;
  reconnect: number;
  failed: number;
  /** Meta's usage or a rate limit stopped the run; the rest waits for the next one. */
  paused: boolean;
};

/** The page whose business use case budget covers the calls (Facebook: the page itself). */
const pageIdOf = (connection: SocialConnectionRow): string | undefined =>
  connection.platform === 'facebook' ? connection.externalId : connection.meta.pageId;

const readPost = (
  deps: Deps,
  connection: SocialConnectionRow,
  token: string,
  post: DuePost,
): Promise<PostFiguresRead> => {
  const pageId = pageIdOf(connection);
  switch (post.platform) {
    case 'linkedin':
      return readLinkedInPostFigures(
        deps.publishing.linkedin,
        { accessToken: token, urn: post.externalId, grantedScopes: connection.meta.scopes },
        () => deps.clock.now(),
      );
    case 'facebook':
      return deps.publishing.meta.readFacebookPostFigures({
        postId: post.externalId,
        pageId: connection.externalId,
        pageToken: token,
      });
    case 'instagram':
      return deps.publishing.meta.readInstagramMediaFigures({
        mediaId: post.externalId,
        pageToken: token,
        ...(pageId ? { pageId } : {}),
      });
  }
};

/**
 * Reads the figures of one connection's due posts from their platform, a call at a time at CALL_PACE_MS,
 * and keeps them. Nothing here fails the run for one post: a post the platform no longer has is recorded
 * gone (never read again); a permission the connection lacks, "not available with the granted permissions";
 * an expired or withdrawn token marks the connection to reconnect (as publishing does) and records its posts
 * so; a rate limit or Meta's usage pause stops the run, the rest waiting for the next. Another user's posts
 * are never read: the posts are those of this connection, which belongs to one user.
 */
export const fetchConnectionFigures = async (
  deps: Deps,
  connectionId: string,
  options: { paceMs?: number; readNow?: boolean } = {},
): Promise<FiguresRun> => {
  const run: FiguresRun = { measured: 0, notPermitted: 0, gone: 0, reconnect: 0, failed: 0, paused: false };
  const [connection] = await deps.db
    .select()
    .from(socialConnections)
    .where(eq(socialConnections.id, connectionId));
  if (!connection) return run;
  const posts = await duePostsOf(deps, connectionId, deps.clock.now(), POSTS_PER_RUN, options.readNow);
  if (posts.length === 0) return run;
  const reconnectAll = async (from: number, reason: string) => {
    const now = deps.clock.now();
    for (const post of posts.slice(from)) {
      await recordCheck(
        deps,
        post,
        { state: 'reconnect', reason, next: new Date(now.getTime() + RETRY_AFTER_MS) },
        now,
      );
      run.reconnect++;
    }
  };
  if (connection.status === 'reconnect') {
    await reconnectAll(0, connection.statusReason ?? 'The account must be connected again.');
    return run;
  }
  const token = openAccountToken(deps.vault, connection.sealedToken);
  const pageId = pageIdOf(connection);
  const pace = options.paceMs ?? CALL_PACE_MS;
  for (const [index, post] of posts.entries()) {
    if (index > 0 && pace > 0) await sleep(pace);
    if (post.platform !== 'linkedin' && deps.publishing.meta.pausedFor(pageId) > 0) {
      run.paused = true;
      break;
    }
    let read: PostFiguresRead;
    try {
      read = await readPost(deps, connection, token, post);
    } catch (error) {
      const now = deps.clock.now();
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof PublishError && error.needsReconnect) {
        await markReconnect(deps, connection.id, error);
        await reconnectAll(index, reason);
        break;
      }
      if (error instanceof PublishError && (error.kind === 'rate_limited' || error.kind === 'quota')) {
        const wait = (error.retryAfterSeconds ?? RETRY_AFTER_MS / 1000) * 1000;
        await recordCheck(deps, post, { state: 'failed', reason, next: new Date(now.getTime() + wait) }, now);
        run.failed++;
        run.paused = true;
        break;
      }
      await recordCheck(
        deps,
        post,
        { state: 'failed', reason, next: new Date(now.getTime() + RETRY_AFTER_MS) },
        now,
      );
      run.failed++;
      continue;
    }
    const now = deps.clock.now();
    if (read.status === 'figures') {
      await recordFigures(deps, post, read, now);
      await recordCheck(
        deps,
        post,
        { state: 'measured', source: read.source, next: nextReadAt(post.publishedAt, now) },
        now,
      );
      run.measured++;
    } else if (read.status === 'gone') {
      await recordCheck(
        deps,
        post,
        {
          state: 'post_gone',
          source: read.source,
          reason: 'The platform no longer has this post.',
          next: null,
        },
        now,
      );
      run.gone++;
    } else {
      // Looked at again later: a new login may grant the permission.
      await recordCheck(
        deps,
        post,
        {
          state: 'not_permitted',
          source: read.source,
          reason: read.reason,
          next: nextReadAt(post.publishedAt, now),
        },
        now,
      );
      run.notPermitted++;
    }
  }
  return run;
};
