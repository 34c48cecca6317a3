import type { PostFiguresRead } from '../post-figures';
import type { PublishedPost } from '../types';
import { type FacebookPostInput, findFacebookPost, publishToPage, readFacebookPost } from './facebook';
import { createGraphTransport, type MetaClientOptions } from './graph';
import { readFacebookPostFigures, readInstagramMediaFigures } from './insights';
import {
  type ContainerPolling,
  DEFAULT_CONTAINER_POLLING,
  findInstagramMedia,
  type InstagramPostInput,
  type InstagramQuota,
  publishToInstagram,
  readInstagramMedia,
  readInstagramQuota,
} from './instagram';
import {
  exchangeForLongLivedToken,
  type LongLivedUserToken,
  type MetaPerson,
  readPerson,
  revokeAccess,
} from './login';
import { type FacebookPage, listPages } from './pages';
import type { MetaUsage } from './usage';

export { appSecretProof, type MetaClientOptions } from './graph';
export { FACEBOOK_POST_METRICS, INSTAGRAM_MEDIA_METRICS } from './insights';
export type { InstagramBusinessAccount } from './pages';
export { highestUsagePercent, type MetaUsage, parseUsageHeaders, usagePauseSeconds } from './usage';
export type {
  ContainerPolling,
  FacebookPage,
  FacebookPostInput,
  InstagramPostInput,
  InstagramQuota,
  LongLivedUserToken,
  MetaPerson,
};

/**
 * Facebook pages and Instagram business accounts through the Graph API (real or the platform sandbox,
 * by base URL). Every method throws PublishError on failure; tokens are taken plain (the callers keep
 * them sealed with the vault) and never appear in an error.
 */
export type MetaClient = {
  exchangeForLongLivedToken(shortLivedToken: string): Promise<LongLivedUserToken>;
  readPerson(userToken: string): Promise<MetaPerson>;
  listPages(userToken: string): Promise<FacebookPage[]>;
  publishToPage(input: FacebookPostInput): Promise<PublishedPost>;
  readFacebookPost(input: {
    pageId: string;
    pageToken: string;
    postId: string;
  }): Promise<(PublishedPost & { message: string; createdAt: Date | null }) | null>;
  findFacebookPost(input: {
    pageId: string;
    pageToken: string;
    message: string;
    since: Date;
  }): Promise<PublishedPost | null>;
  publishToInstagram(input: InstagramPostInput): Promise<PublishedPost>;
  readInstagramQuota(input: {
    igUserId: string;
    pageToken: string;
    pageId?: string;
  }): Promise<InstagramQuota>;
  readInstagramMedia(input: {
    mediaId: string;
    pageToken: string;
    pageId?: string;
  }): Promise<(PublishedPost & { caption: string; publishedAt: Date | null }) | null>;
  findInstagramMedia(input: {
    igUserId: string;
    pageToken: string;
    pageId?: string;
    caption: string;
    since: Date;
  }): Promise<PublishedPost | null>;
  /** GET /{page-post-id}/insights: the post's views, viewers and reactions as Meta counts them. */
  readFacebookPostFigures(input: {
    postId: string;
    pageId: string;
    pageToken: string;
  }): Promise<PostFiguresRead>;
  /** GET /{ig-media-id}/insights: the media's views, reach, likes, comments, shares and saves. */
  readInstagramMediaFigures(input: {
    mediaId: string;
    pageToken: string;
    pageId?: string;
  }): Promise<PostFiguresRead>;
  /** DELETE /me/permissions (unlink). */
  revokeAccess(userToken: string): Promise<void>;
  /** Seconds until calls for this page (or any call) may be made again under Meta's usage; 0: now. */
  pausedFor(pageId?: string): number;
  lastUsage(): MetaUsage | null;
};

export const createMetaClient = (
  options: MetaClientOptions & { containerPolling?: ContainerPolling },
): MetaClient => {
  const graph = createGraphTransport(options);
  const polling = options.containerPolling ?? DEFAULT_CONTAINER_POLLING;
  return {
    exchangeForLongLivedToken: (token) => exchangeForLongLivedToken(graph, token),
    readPerson: (token) => readPerson(graph, token),
    listPages: (token) => listPages(graph, token),
    publishToPage: (input) => publishToPage(graph, input),
    readFacebookPost: (input) => readFacebookPost(graph, input),
    findFacebookPost: (input) => findFacebookPost(graph, input),
    publishToInstagram: (input) => publishToInstagram(graph, input, polling),
    readInstagramQuota: (input) => readInstagramQuota(graph, input),
    readInstagramMedia: (input) => readInstagramMedia(graph, input),
    findInstagramMedia: (input) => findInstagramMedia(graph, input),
    readFacebookPostFigures: (input) => readFacebookPostFigures(graph, input),
    readInstagramMediaFigures: (input) => readInstagramMediaFigures(graph, input),
    revokeAccess: (token) => revokeAccess(graph, token),
    pausedFor: (pageId) => graph.pausedFor(pageId),
    lastUsage: () => graph.lastUsage(),
  };
};
