import { z } from 'zod';
import {
  fsdProfileUrn,
  indexIncluded,
  isPostUrn,
  parseAnswer,
  postTime,
  resolve,
  unexpected,
  ZIncluded,
} from './normalized';
import { restli } from './restli';
import type { Transport } from './transport';
import type { LinkedInComment, LinkedInPost, ReactionType } from './types';

/** Query ids of LinkedIn's web app (the hash part rotates with its releases). */
export const REACTIONS_QUERY_ID = 'voyagerSocialDashReactions.41ebf31a9f4c4a84e35a49d5abc9010b';
export const COMMENTS_QUERY_ID = 'voyagerSocialDashComments.afec6d88d7810d45548797a8dac4fb87';

/** LinkedIn's limit on a comment's length. */
export const MAX_COMMENT_LENGTH = 1250;
const PAGE = 50;
const MAX_PAGES = 10;

const checkPostUrn = (postUrn: string): string => {
  if (!isPostUrn(postUrn)) throw new RangeError('A post URN looks like urn:li:activity:<id>');
  return postUrn;
};

const ZUpdatesAnswer = z.object({
  data: z.object({ '*elements': z.array(z.string()).default([]) }),
  included: ZIncluded,
});
const ZUpdate = z.object({
  updateMetadata: z.object({ urn: z.string() }).nullish(),
  commentary: z.object({ text: z.object({ text: z.string() }).nullish() }).nullish(),
});

/**
 * `GET /voyager/api/identity/profileUpdatesV2?q=memberShareFeed&profileUrn=…&moduleKey=member-shares:phone&…`:
 * the person's own activity as UpdateV2 entities; the post time comes from the activity id.
 */
export const recentPosts = async (
  t: Transport,
  profileUrn: string,
  count: number,
): Promise<LinkedInPost[]> => {
  const n = Math.min(100, Math.max(1, Math.floor(count)));
  const path =
    `/voyager/api/identity/profileUpdatesV2?count=${n}&includeLongTermHistory=true&moduleKey=member-shares%3Aphone` +
    `&profileUrn=${encodeURIComponent(fsdProfileUrn(profileUrn))}&q=memberShareFeed&start=0`;
  const answer = parseAnswer(
    ZUpdatesAnswer,
    await t.call('GET', path),
    'GET /voyager/api/identity/profileUpdatesV2',
  );
  const index = indexIncluded(answer.included);
  const posts: LinkedInPost[] = [];
  for (const updateUrn of answer.data['*elements']) {
    const update = resolve(index, updateUrn, ZUpdate);
    // `urn:li:fs_updateV2:(urn:li:activity:123,MEMBER_SHARES,…)` carries the post URN even without the entity.
    const postUrn = update?.updateMetadata?.urn ?? /\((urn:li:[a-zA-Z]+:\d+)/.exec(updateUrn)?.[1] ?? '';
    const postedAt = postTime(postUrn);
    if (!postedAt || posts.some((p) => p.postUrn === postUrn)) continue;
    posts.push({ postUrn, text: update?.commentary?.text?.text ?? '', postedAt });
  }
  return posts.sort((a, b) => b.postedAt.getTime() - a.postedAt.getTime()).slice(0, n);
};

/** `POST /voyager/api/voyagerSocialDashReactions?threadUrn=<post urn>` with `{reactionType}`. */
export const react = async (t: Transport, postUrn: string, reactionType: ReactionType): Promise<void> => {
  const path = `/voyager/api/voyagerSocialDashReactions?threadUrn=${encodeURIComponent(checkPostUrn(postUrn))}`;
  await t.call('POST', path, { reactionType });
};

const ZCollection = (key: string) =>
  z.object({
    data: z.object({
      data: z.object({
        [key]: z
          .object({
            '*elements': z.array(z.string()).default([]),
            paging: z.object({ total: z.number().nullish() }).nullish(),
          })
          .nullish(),
      }),
    }),
    included: ZIncluded,
  });

const pages = async (
  t: Transport,
  key: string,
  pathFor: (start: number) => string,
  what: string,
  visit: (urns: string[], index: ReturnType<typeof indexIncluded>) => boolean,
): Promise<void> => {
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = parseAnswer(ZCollection(key), await t.call('GET', pathFor(page * PAGE)), what);
    const collection = answer.data.data[key];
    const urns = collection?.['*elements'] ?? [];
    if (visit(urns, indexIncluded(answer.included))) return;
    const total = collection?.paging?.total;
    if (urns.length < PAGE || (typeof total === 'number' && (page + 1) * PAGE >= total)) return;
  }
};

const ZReaction = z.object({ actorUrn: z.string().nullish(), entityUrn: z.string() });

/** Reads the post's reactions (graphql `voyagerSocialDashReactions`) looking for the member's own. */
export const hasReacted = async (
  t: Transport,
  postUrn: string,
  myProfileUrn: string,
  queryId = REACTIONS_QUERY_ID,
): Promise<boolean> => {
  const thread = checkPostUrn(postUrn);
  let found = false;
  await pages(
    t,
    'socialDashReactionsByReactionType',
    (start) =>
      `/voyager/api/graphql?variables=${restli({ count: PAGE, start, threadUrn: thread })}&queryId=${queryId}`,
    'GET /voyager/api/graphql (reactions)',
    (urns, index) => {
      found = urns.some((urn) => {
        const r = resolve(index, urn, ZReaction);
        return r?.actorUrn === myProfileUrn || urn.includes(`(${myProfileUrn},`);
      });
      return found;
    },
  );
  return found;
};

const ZCommentCreated = z.object({ data: z.object({ entityUrn: z.string().nullish() }).nullish() });

/** `POST /voyager/api/voyagerSocialDashNormComments?decorationId=…NormComment-43` with `{commentary, threadUrn}`. */
export const comment = async (
  t: Transport,
  postUrn: string,
  text: string,
): Promise<{ commentUrn: string | null }> => {
  const body = text.trim();
  if (!body || body.length > MAX_COMMENT_LENGTH)
    throw new RangeError(`A comment has 1 to ${MAX_COMMENT_LENGTH} characters`);
  const answer = parseAnswer(
    ZCommentCreated,
    await t.call(
      'POST',
      '/voyager/api/voyagerSocialDashNormComments?decorationId=com.linkedin.voyager.dash.deco.social.NormComment-43',
      {
        commentary: {
          text: body,
          attributesV2: [],
          $type: 'com.linkedin.voyager.dash.common.text.TextViewModel',
        },
        threadUrn: checkPostUrn(postUrn),
      },
    ),
    'POST /voyager/api/voyagerSocialDashNormComments',
  );
  return { commentUrn: answer.data?.entityUrn ?? null };
};

const ZComment = z.object({
  entityUrn: z.string(),
  createdAt: z.number(),
  commentary: z.object({ text: z.string() }).nullish(),
  commenter: z
    .object({
      actor: z.object({ '*profileUrn': z.string().nullish(), profileUrn: z.string().nullish() }).nullish(),
    })
    .nullish(),
});

/** The member's own comments on a post (graphql `voyagerSocialDashComments` by social detail). */
export const listMyComments = async (
  t: Transport,
  postUrn: string,
  myProfileUrn: string,
  queryId = COMMENTS_QUERY_ID,
): Promise<LinkedInComment[]> => {
  const thread = checkPostUrn(postUrn);
  const socialDetailUrn = `urn:li:fsd_socialDetail:(${thread},${thread},urn:li:highlightedReply:-)`;
  const mine: LinkedInComment[] = [];
  await pages(
    t,
    'socialDashCommentsBySocialDetail',
    (start) =>
      `/voyager/api/graphql?variables=${restli({ count: PAGE, numReplies: 0, socialDetailUrn, sortOrder: 'REVERSE_CHRONOLOGICAL', start })}&queryId=${queryId}`,
    'GET /voyager/api/graphql (comments)',
    (urns, index) => {
      for (const urn of urns) {
        const c = resolve(index, urn, ZComment);
        if (!c) throw unexpected('GET /voyager/api/graphql (comments)');
        const author = c.commenter?.actor?.['*profileUrn'] ?? c.commenter?.actor?.profileUrn;
        if (author === myProfileUrn && !mine.some((m) => m.commentUrn === c.entityUrn)) {
          mine.push({
            commentUrn: c.entityUrn,
            text: c.commentary?.text ?? '',
            createdAt: new Date(c.createdAt),
          });
        }
      }
      return false;
    },
  );
  return mine.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
};
