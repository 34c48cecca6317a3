import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { commentersOf, reactorsOf } from '../audiences';
import type { SandboxContext } from '../context';
import { queryInt, queryString, sendError, sendNormalized } from '../http-util';
import type { Member } from '../members';
import type { Person, Post } from '../network';
import { asObject, asString, type RestliValue } from '../restli';
import { activityUrn, type Entity, fsdProfileUrn, type ProfileLike, textView } from '../shapes';
import { api, profileIdOf } from './api';

const DAY_MS = 86_400_000;

const relativeAge = (from: Date, to: Date): string => {
  const days = Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));
  if (days < 1) return '1h';
  if (days < 7) return `${days}d`;
  if (days < 30) return `${Math.floor(days / 7)}w`;
  return `${Math.floor(days / 30)}mo`;
};

const updateUrn = (activityId: string): string =>
  `urn:li:fs_updateV2:(${activityUrn(activityId)},MEMBER_SHARES,EMPTY,DEFAULT,false)`;

/** Likes and comments left by other simulated people, so a post's social activity is not just the member's. */
const syntheticReactors = (ctx: SandboxContext, author: Person, post: Post): Person[] =>
  reactorsOf(ctx.network, author, post.activityId);
const syntheticCommenters = (ctx: SandboxContext, author: Person, post: Post): Person[] =>
  commentersOf(ctx.network, author, post.activityId);

const updateEntities = (ctx: SandboxContext, member: Member, author: Person, post: Post): Entity[] => {
  const socialDetailUrn = `urn:li:fs_socialDetail:${activityUrn(post.activityId)}`;
  const mine = member.reactions.get(post.activityId);
  const likes = syntheticReactors(ctx, author, post).length + (mine ? 1 : 0);
  const comments =
    syntheticCommenters(ctx, author, post).length +
    member.comments.filter((c) => c.activityId === post.activityId).length;
  return [
    {
      $type: 'com.linkedin.voyager.feed.render.UpdateV2',
      entityUrn: updateUrn(post.activityId),
      updateMetadata: {
        $type: 'com.linkedin.voyager.feed.render.UpdateMetadata',
        urn: activityUrn(post.activityId),
        actionTriggerEnabled: false,
      },
      actor: {
        $type: 'com.linkedin.voyager.feed.render.ActorComponent',
        urn: `urn:li:member:${author.memberId}`,
        name: {
          $type: 'com.linkedin.voyager.common.TextViewModel',
          text: `${author.firstName} ${author.lastName}`,
        },
        description: { $type: 'com.linkedin.voyager.common.TextViewModel', text: author.headline },
        subDescription: {
          $type: 'com.linkedin.voyager.common.TextViewModel',
          text: `${relativeAge(post.postedAt, ctx.now())} • `,
        },
      },
      commentary: {
        $type: 'com.linkedin.voyager.feed.render.TextComponent',
        text: { $type: 'com.linkedin.voyager.common.TextViewModel', text: post.text },
      },
      '*socialDetail': socialDetailUrn,
    },
    {
      $type: 'com.linkedin.voyager.feed.SocialDetail',
      entityUrn: socialDetailUrn,
      totalSocialActivityCounts: {
        $type: 'com.linkedin.voyager.feed.shared.SocialActivityCounts',
        numLikes: likes,
        numComments: comments,
        liked: Boolean(mine),
      },
    },
  ];
};

const ZReaction = z.object({ reactionType: z.string().min(1) });
const ZComment = z.object({
  commentary: z.object({ text: z.string().min(1).max(1250) }),
  threadUrn: z.string(),
});

const postOf = (ctx: SandboxContext, urn: string): { person: Person; post: Post } | undefined =>
  ctx.network.posts.get(/^urn:li:activity:(\d+)$/.exec(urn)?.[1] ?? '');

/** The profile link of a reactor's or commenter's lockup, as LinkedIn's web app renders it. */
const profileLink = (profile: ProfileLike): string =>
  `https://www.linkedin.com/in/${profile.publicIdentifier}`;

const reactionEntity = (profile: ProfileLike, activityId: string, reactionType: string): Entity => ({
  $type: 'com.linkedin.voyager.dash.social.Reaction',
  entityUrn: `urn:li:fsd_reaction:(${fsdProfileUrn(profile.profileId)},${activityUrn(activityId)},0)`,
  reactionType,
  actorUrn: fsdProfileUrn(profile.profileId),
  reactorLockup: {
    $type: 'com.linkedin.voyager.dash.feed.EntityLockupViewModel',
    title: textView(`${profile.firstName} ${profile.lastName}`),
    subtitle: textView(profile.headline),
    navigationUrl: profileLink(profile),
  },
});

const commentEntity = (
  profile: ProfileLike,
  activityId: string,
  comment: { id: string; text: string; at: Date },
  isAuthor: boolean,
): Entity => ({
  $type: 'com.linkedin.voyager.dash.social.Comment',
  entityUrn: `urn:li:fsd_comment:(${comment.id},${activityUrn(activityId)})`,
  urn: `urn:li:comment:(activity:${activityId},${comment.id})`,
  createdAt: comment.at.getTime(),
  commentary: textView(comment.text),
  commenter: {
    $type: 'com.linkedin.voyager.dash.social.Commenter',
    actor: { '*profileUrn': fsdProfileUrn(profile.profileId) },
    title: textView(`${profile.firstName} ${profile.lastName}`),
    subtitle: profile.headline,
    navigationUrl: profileLink(profile),
    author: isAuthor,
  },
});

const collection = (
  key: string,
  entities: Entity[],
  start: number,
  count: number,
  total: number,
): unknown => ({
  data: {
    data: {
      [key]: {
        $type: 'com.linkedin.restli.common.CollectionResponse',
        '*elements': entities.map((e) => e.entityUrn),
        paging: { $type: 'com.linkedin.restli.common.CollectionMetadata', start, count, total },
      },
    },
  },
  included: entities,
});

const pageVars = (variables: RestliValue): { start: number; count: number } => {
  const vars = asObject(variables);
  const start = Number.parseInt(asString(vars.start) ?? '0', 10);
  const count = Number.parseInt(asString(vars.count) ?? '10', 10);
  return {
    start: Number.isFinite(start) ? Math.max(0, start) : 0,
    count: Number.isFinite(count) ? Math.min(100, Math.max(1, count)) : 10,
  };
};

/** `voyagerSocialDashReactions` (graphql): who reacted to a post, the member's own reaction first. */
export const answerReactions = (
  ctx: SandboxContext,
  reply: FastifyReply,
  member: Member,
  variables: RestliValue,
): FastifyReply => {
  const found = postOf(ctx, asString(asObject(variables).threadUrn) ?? '');
  if (!found) return sendError(reply, 404, 'NOT_FOUND');
  const { start, count } = pageVars(variables);
  const mine = member.reactions.get(found.post.activityId);
  const all = [
    ...(mine ? [reactionEntity(member.profile, found.post.activityId, mine.reactionType)] : []),
    ...syntheticReactors(ctx, found.person, found.post).map((p) =>
      reactionEntity(p, found.post.activityId, 'LIKE'),
    ),
  ];
  return sendNormalized(
    reply,
    collection(
      'socialDashReactionsByReactionType',
      all.slice(start, start + count),
      start,
      count,
      all.length,
    ),
  );
};

/** `voyagerSocialDashComments` (graphql, by `socialDetailUrn`): a post's comments, newest first. */
export const answerComments = (
  ctx: SandboxContext,
  reply: FastifyReply,
  member: Member,
  variables: RestliValue,
): FastifyReply => {
  const detail = asString(asObject(variables).socialDetailUrn) ?? '';
  const found = postOf(ctx, /urn:li:activity:\d+/.exec(detail)?.[0] ?? '');
  if (!found) return sendError(reply, 404, 'NOT_FOUND');
  const { start, count } = pageVars(variables);
  const { person, post } = found;
  const synthetic = syntheticCommenters(ctx, person, post).map((p, i) =>
    commentEntity(
      p,
      post.activityId,
      {
        id: (BigInt(post.activityId) + BigInt(i + 1)).toString(),
        text: 'Great insight, thanks for sharing!',
        at: new Date(post.postedAt.getTime() + (i + 1) * 3_600_000),
      },
      false,
    ),
  );
  const own = member.comments
    .filter((c) => c.activityId === post.activityId)
    .map((c) => commentEntity(member.profile, post.activityId, c, false));
  const all = [...own, ...synthetic].sort((a, b) => Number(b.createdAt) - Number(a.createdAt));
  return sendNormalized(
    reply,
    collection('socialDashCommentsBySocialDetail', all.slice(start, start + count), start, count, all.length),
  );
};

export const registerFeed = (app: FastifyInstance, ctx: SandboxContext): void => {
  /** `GET /voyager/api/identity/profileUpdatesV2?q=memberShareFeed&profileUrn=…&count=…&start=…` */
  app.get(
    '/voyager/api/identity/profileUpdatesV2',
    api(ctx, (req, reply, { member }) => {
      if (queryString(req, 'q') !== 'memberShareFeed') return sendError(reply, 400, 'UNSUPPORTED_FINDER');
      const person = ctx.network.byProfileId.get(profileIdOf(queryString(req, 'profileUrn') ?? ''));
      if (!person) return sendError(reply, 404, 'NOT_FOUND');
      const start = queryInt(req, 'start', 0, 0, 10_000);
      const count = queryInt(req, 'count', 10, 1, 100);
      const page = person.posts.slice(start, start + count);
      const more = start + count < person.posts.length;
      return sendNormalized(reply, {
        data: {
          $type: 'com.linkedin.restli.common.CollectionResponse',
          '*elements': page.map((p) => updateUrn(p.activityId)),
          paging: { $type: 'com.linkedin.restli.common.CollectionMetadata', start, count, total: 0 },
          metadata: {
            $type: 'com.linkedin.voyager.feed.render.FeedMetadata',
            paginationToken: more ? `sandbox-${start + count}` : '',
          },
        },
        included: page.flatMap((p) => updateEntities(ctx, member, person, p)),
      });
    }),
  );

  /** `POST /voyager/api/voyagerSocialDashReactions?threadUrn=urn:li:activity:…` with `{reactionType}`. */
  app.post(
    '/voyager/api/voyagerSocialDashReactions',
    api(ctx, (req, reply, { member }) => {
      const body = ZReaction.safeParse(req.body);
      if (!body.success) return sendError(reply, 400, 'INVALID_BODY');
      const found = postOf(ctx, queryString(req, 'threadUrn') ?? '');
      if (!found) return sendError(reply, 404, 'NOT_FOUND');
      member.reactions.set(found.post.activityId, {
        activityId: found.post.activityId,
        reactionType: body.data.reactionType,
        at: ctx.now(),
      });
      return sendNormalized(
        reply,
        { data: reactionEntity(member.profile, found.post.activityId, body.data.reactionType), included: [] },
        201,
      );
    }),
  );

  /** `POST /voyager/api/voyagerSocialDashNormComments?decorationId=…NormComment-43` with `{commentary:{text},threadUrn}`. */
  app.post(
    '/voyager/api/voyagerSocialDashNormComments',
    api(ctx, (req, reply, { member }) => {
      const body = ZComment.safeParse(req.body);
      if (!body.success) return sendError(reply, 400, 'INVALID_BODY');
      const found = postOf(ctx, body.data.threadUrn);
      if (!found) return sendError(reply, 404, 'NOT_FOUND');
      const comment = {
        id: ctx.ids.next(),
        activityId: found.post.activityId,
        text: body.data.commentary.text,
        at: ctx.now(),
      };
      member.comments.push(comment);
      return sendNormalized(
        reply,
        { data: commentEntity(member.profile, found.post.activityId, comment, false), included: [] },
        201,
      );
    }),
  );
};
