import { CALLS, ZErrorBody, ZLinkedinPost } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { openSseStream } from '../../http/sse-stream';
import { deletePost } from './delete-post';
import { findPost } from './find-post';
import { prepareGeneration } from './generate-posts';
import { keepPost } from './keep-post';
import { listPosts } from './list-posts';
import { postView } from './post-view';
import { updatePost } from './update-post';

const tags = ['linkedin posts'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** /linkedin: LinkedIn posts written from a topic, a blog post or an input; the ones kept are drafts. */
export const linkedinPostsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.generateLinkedinPosts, {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary: 'Write 1–3 variants, streamed as server-sent events; the last event carries them, unsaved',
          description:
            'Answers text/event-stream: `start` {variants, writer, model}, then `delta` {variant, text} as each ' +
            'variant is written, then `done` {variants, writer, model, source, generation, fallback_reason} or ' +
            '`error` {error, message}. Nothing is saved: keep a variant with POST /api/linkedin-posts and the ' +
            '`generation` receipt. Closing the connection cancels the model call. Refusals (bad body, unknown or ' +
            'foreign source) answer JSON before the stream opens.',
          response: { 200: z.string().describe('text/event-stream'), 409: ZErrorBody, ...errors },
        },
      }),
      handler: async (request, reply) => {
        const generation = await prepareGeneration(
          deps,
          callerOf(request).user.id,
          request.body,
          request.log,
        );
        await generation.run(openSseStream(reply));
      },
    });

    app.route({
      ...callRoute(CALLS.createLinkedinPost, {
        schema: {
          tags,
          summary:
            'Keep one variant of a generation as a draft (201; 200 when that variant was already kept)',
          description:
            "Takes the `done` event's `generation` receipt, the variant number and its text (as written or " +
            "edited, at most 3,000 characters). The post carries the generation's writer, prompt, source and " +
            "its share of the tokens; the source must still be the caller's (404 otherwise). Calls no model.",
          response: { 200: ZLinkedinPost, ...errors },
        },
      }),
      handler: async (request, reply) => {
        const { post, created } = await keepPost(deps, callerOf(request).user.id, request.body);
        return reply.code(created ? 201 : 200).send(post);
      },
    });

    app.route({
      ...callRoute(CALLS.getLinkedinPosts, {
        schema: {
          tags,
          summary: 'A page of LinkedIn posts, newest first (page is one-based)',
          response: { ...errors },
        },
      }),
      handler: (request) => listPosts(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.getLinkedinPost, {
        schema: { tags, summary: 'One LinkedIn post', response: { ...errors } },
      }),
      handler: async (request) =>
        postView(await findPost(deps.db, callerOf(request).user.id, request.params.id)),
    });

    app.route({
      ...callRoute(CALLS.updateLinkedinPost, {
        schema: { tags, summary: 'Save an edited post (at most 3,000 characters)', response: { ...errors } },
      }),
      handler: (request) => updatePost(deps, callerOf(request).user.id, request.params.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.deleteLinkedinPost, {
        schema: { tags, summary: 'Delete a LinkedIn post', response: { ...errors } },
      }),
      handler: (request) => deletePost(deps, callerOf(request).user.id, request.params.id),
    });
  };
