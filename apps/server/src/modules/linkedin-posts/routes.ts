import {
  ZErrorBody,
  ZGenerateLinkedinPostsRequest,
  ZKeepLinkedinPostRequest,
  ZLinkedinPost,
  ZLinkedinPostIdParams,
  ZLinkedinPostsQuery,
  ZLinkedinPostsResponse,
  ZMessageResponse,
  ZUpdateLinkedinPostRequest,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
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
    app.post(
      '/linkedin-posts/generate',
      {
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
          body: ZGenerateLinkedinPostsRequest,
          response: {
            200: z.string().describe('text/event-stream'),
            409: ZErrorBody,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const generation = await prepareGeneration(
          deps,
          callerOf(request).user.id,
          request.body,
          request.log,
        );
        await generation.run(openSseStream(reply));
      },
    );

    app.post(
      '/linkedin-posts',
      {
        schema: {
          tags,
          summary:
            'Keep one variant of a generation as a draft (201; 200 when that variant was already kept)',
          description:
            "Takes the `done` event's `generation` receipt, the variant number and its text (as written or " +
            "edited, at most 3,000 characters). The post carries the generation's writer, prompt, source and " +
            "its share of the tokens; the source must still be the caller's (404 otherwise). Calls no model.",
          body: ZKeepLinkedinPostRequest,
          response: { 200: ZLinkedinPost, 201: ZLinkedinPost, ...errors },
        },
      },
      async (request, reply) => {
        const { post, created } = await keepPost(deps, callerOf(request).user.id, request.body);
        return reply.code(created ? 201 : 200).send(post);
      },
    );

    app.get(
      '/linkedin-posts',
      {
        schema: {
          tags,
          summary: 'A page of LinkedIn posts, newest first (page is one-based)',
          querystring: ZLinkedinPostsQuery,
          response: { 200: ZLinkedinPostsResponse, ...errors },
        },
      },
      (request) => listPosts(deps, callerOf(request).user.id, request.query),
    );

    app.get(
      '/linkedin-posts/:id',
      {
        schema: {
          tags,
          summary: 'One LinkedIn post',
          params: ZLinkedinPostIdParams,
          response: { 200: ZLinkedinPost, ...errors },
        },
      },
      async (request) => postView(await findPost(deps.db, callerOf(request).user.id, request.params.id)),
    );

    app.put(
      '/linkedin-posts/:id',
      {
        schema: {
          tags,
          summary: 'Save an edited post (at most 3,000 characters)',
          params: ZLinkedinPostIdParams,
          body: ZUpdateLinkedinPostRequest,
          response: { 200: ZLinkedinPost, ...errors },
        },
      },
      (request) => updatePost(deps, callerOf(request).user.id, request.params.id, request.body),
    );

    app.delete(
      '/linkedin-posts/:id',
      {
        schema: {
          tags,
          summary: 'Delete a LinkedIn post',
          params: ZLinkedinPostIdParams,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      (request) => deletePost(deps, callerOf(request).user.id, request.params.id),
    );
  };
