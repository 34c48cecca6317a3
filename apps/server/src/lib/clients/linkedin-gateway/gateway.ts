import { groupMembers, postCommenters, postReactors, searchAudience } from './audiences';
import { type SharedSecrets, sendInvitation, sentInvitations, withdrawInvitation } from './invitations';
import { fetchMe } from './me';
import { conversationWith, sendMessage } from './messaging';
import {
  COMMENTS_QUERY_ID,
  comment,
  hasReacted,
  listMyComments,
  REACTIONS_QUERY_ID,
  react,
  recentPosts,
} from './posts';
import { connectionStatus, lookupProfile, viewProfile } from './profile';
import { searchPeople } from './search-people';
import { createTransport, type FetchFn } from './transport';
import type { LinkedInCredentials, LinkedInGateway, LinkedInMe, LinkedInSession } from './types';

export type LinkedInGatewayOptions = {
  /** `https://www.linkedin.com` in production, the sandbox's URL otherwise. */
  baseUrl: string;
  timeoutMs?: number;
  /** Calls of one session are at least this far apart (from the end of one to the start of the next). */
  minSpacingMs?: number;
  fetch?: FetchFn;
  /** LinkedIn rotates the hash part of its graphql query ids with web releases; override them here. */
  queryIds?: { searchClusters?: string; reactions?: string; comments?: string; groupMembers?: string };
};

/**
 * The client of LinkedIn's Voyager API as a signed-in browser uses it. The same code talks to
 * linkedin.com and to the sandbox; only `baseUrl` differs.
 */
export const createLinkedInGateway = ({
  baseUrl,
  timeoutMs = 15_000,
  minSpacingMs = 0,
  fetch: fetchFn = fetch,
  queryIds = {},
}: LinkedInGatewayOptions): LinkedInGateway => ({
  openSession: (credentials: LinkedInCredentials): LinkedInSession => {
    const t = createTransport({ baseUrl, timeoutMs, minSpacingMs, fetch: fetchFn }, credentials);
    const secrets: SharedSecrets = new Map();
    let me: LinkedInMe | null = null;
    const myProfileUrn = async () => {
      me ??= await fetchMe(t);
      return me.profileUrn;
    };
    return {
      me: () =>
        t.run(async () => {
          me = await fetchMe(t);
          return me;
        }),
      searchPeople: (searchUrl, start) =>
        t.run(() => searchPeople(t, searchUrl, start, queryIds.searchClusters)),
      viewProfile: (publicIdentifier) => t.run(() => viewProfile(t, publicIdentifier)),
      recentPosts: (profileUrn, count) => t.run(() => recentPosts(t, profileUrn, count)),
      react: (postUrn, reactionType = 'LIKE') => t.run(() => react(t, postUrn, reactionType)),
      hasReacted: (postUrn) =>
        t.run(async () => hasReacted(t, postUrn, await myProfileUrn(), queryIds.reactions)),
      comment: (postUrn, text) => t.run(() => comment(t, postUrn, text)),
      listMyComments: (postUrn) =>
        t.run(async () => listMyComments(t, postUrn, await myProfileUrn(), queryIds.comments)),
      sendInvitation: (profileUrn, message) => t.run(() => sendInvitation(t, profileUrn, message)),
      sentInvitations: () => t.run(() => sentInvitations(t, secrets)),
      withdrawInvitation: (invitationUrn) => t.run(() => withdrawInvitation(t, secrets, invitationUrn)),
      connectionStatus: (publicIdentifier) => t.run(() => connectionStatus(t, publicIdentifier)),
      sendMessage: (profileUrn, text) => t.run(() => sendMessage(t, profileUrn, text)),
      conversationWith: (profileUrn) => t.run(() => conversationWith(t, profileUrn)),
      lookupProfile: (publicIdentifier) => t.run(() => lookupProfile(t, publicIdentifier)),
      groupMembers: (groupId, start) => t.run(() => groupMembers(t, groupId, start, queryIds.groupMembers)),
      postReactors: (postUrn, start) =>
        t.run(() => postReactors(t, postUrn, start, queryIds.reactions ?? REACTIONS_QUERY_ID)),
      postCommenters: (postUrn, start) =>
        t.run(() => postCommenters(t, postUrn, start, queryIds.comments ?? COMMENTS_QUERY_ID)),
      eventAttendees: (eventId, start) =>
        t.run(() => searchAudience(t, 'eventAttending', eventId, start, queryIds.searchClusters)),
      connectionsOf: (profileUrn, start) =>
        t.run(() => searchAudience(t, 'connectionOf', profileUrn, start, queryIds.searchClusters)),
      followersOf: (profileUrn, start) =>
        t.run(() => searchAudience(t, 'followerOf', profileUrn, start, queryIds.searchClusters)),
      credentials: () => t.credentials(),
    };
  },
});
