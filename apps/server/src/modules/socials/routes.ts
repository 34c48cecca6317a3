import { CALLS, ZErrorBody, ZPlanLimitReachedBody } from '@sales-assist/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ZFileAnswer } from '../../http/answer-statuses';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { createSocialPosts } from './create-social-posts';
import { deleteSocialPost } from './delete-social-post';
import { findSocialPost } from './find-social-post';
import { listSocialPosts } from './list-social-posts';
import { readSocialImage } from './read-social-image';
import { recoverStalledSocialImages } from './recover-social-posts';
import { regenerateSocialImage } from './regenerate-image';
import { regenerateSocialText } from './regenerate-text';
import { socialDataOf } from './social-data';
import { socialPostView } from './social-view';
import { themeNamesOf } from './themes';
import { updateSocialPost } from './update-social-post';

const tags = ['socials'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
/** A reached plan limit: the premium pop-up's texts (spec §6). */
const limitErrors = { 402: ZPlanLimitReachedBody };
/** The writer failed (502); 499 cancelled: the client went away while it wrote (nobody reads that answer). */
const writerErrors = { 499: ZErrorBody, 502: ZErrorBody };

/** Aborted when the caller goes away before the answer is sent (the response's close, not the request's). */
const callerGone = (reply: FastifyReply): AbortSignal => {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
};

/** Spec §2 /socials/content and /allsocials: posts per network with their pictures, 10 per page. */
export const socialsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.createSocialPosts, {
        config: { aiBudget: 'picture' },
        schema: {
          tags,
          summary: 'Write social posts (one per network) with a theme; one social_media_posts unit per call',
          description:
            'Give one of topic, source_id (a blog post) or input_id (a text input), the networks, a theme and ' +
            'the picture source (theme: the theme’s infographic; input: image_input_id, one of your images; ' +
            'model: an image model, when configured). The texts are answered at once; each picture is made ' +
            'by a job (image.status rendering → ready or failed): poll GET /socials/{id}. A failed writing ' +
            'saves nothing and counts nothing.',
          response: { ...errors, ...limitErrors, ...writerErrors },
        },
      }),
      handler: async (request, reply) => {
        const answer = await createSocialPosts(deps, callerOf(request).user, request.body, callerGone(reply));
        return reply.code(201).send(answer);
      },
    });

    app.route({
      ...callRoute(CALLS.getSocialPosts, {
        schema: {
          tags,
          summary: 'A page of 10 social posts, newest first (page is one-based)',
          response: { ...errors },
        },
      }),
      handler: (request) => listSocialPosts(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.getSocialPost, {
        schema: { tags, summary: 'One social post, with its picture’s status', response: { ...errors } },
      }),
      handler: async (request) => {
        const row = await findSocialPost(deps.db, callerOf(request).user.id, request.params.id);
        await recoverStalledSocialImages(deps, [row]);
        return { post: socialPostView(row, await themeNamesOf(deps.db, [socialDataOf(row).themeId])) };
      },
    });

    app.route({
      ...callRoute(CALLS.updateSocialPost, {
        schema: {
          tags,
          summary: 'Save the text (checked against the network’s characters and hashtags)',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) =>
        updateSocialPost(deps, callerOf(request).user.id, request.params.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.regenerateSocialPostText, {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary: 'Write the text again for its network (the picture stays; no plan unit)',
          response: { 409: ZErrorBody, ...errors, ...writerErrors },
        },
      }),
      handler: (request, reply) =>
        regenerateSocialText(deps, callerOf(request).user.id, request.params.id, callerGone(reply)),
    });

    app.route({
      ...callRoute(CALLS.regenerateSocialPostImage, {
        config: { aiBudget: 'picture' },
        schema: {
          tags,
          summary: 'Make a new picture: the same source, or another theme or source (no plan unit)',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) =>
        regenerateSocialImage(deps, callerOf(request).user.id, request.params.id, request.body ?? {}),
    });

    app.route({
      ...callRoute(CALLS.deleteSocialPost, {
        schema: { tags, summary: 'Delete a social post and the picture it owns', response: { ...errors } },
      }),
      handler: (request) => deleteSocialPost(deps, callerOf(request).user.id, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.getSocialPostImage, {
        schema: {
          tags,
          summary: 'The post’s picture, for its owner (image_uri; the v query only refreshes caches)',
          produces: ['image/png', 'image/jpeg', 'image/webp'],
          response: { 200: ZFileAnswer, 404: ZErrorBody },
        },
      }),
      handler: async (request, reply) => {
        const { file, mime, fileName } = await readSocialImage(
          deps,
          callerOf(request).user.id,
          request.params.id,
        );
        return reply
          .headers({
            'content-type': mime,
            'content-length': String(file.size),
            // image_uri carries the picture's version: a new picture is a new address.
            'cache-control': 'private, max-age=86400',
            'content-disposition': `inline; filename="${fileName}"`,
            'content-security-policy': "default-src 'none'; sandbox",
          })
          .send(file.body);
      },
    });
  };
