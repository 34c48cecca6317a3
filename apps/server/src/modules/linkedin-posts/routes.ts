import {
  ZErrorBody,
  ZGenerateLinkedinPostsRequest,
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
import { listPosts } from './list-posts';
import { postView } from './post-view';
import { updatePost } from './update-post';

const tags = ['linkedin posts'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** /linkedin: LinkedIn posts written from a topic, a blog post or an input, kept as drafts. */
export const linkedinPostsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/linkedin-posts/generate',
      {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary:
            'Write 1–3 variants, streamed as server-sent events; the last event carries the saved posts',
          description:
            'Answers text/event-stream: `start` {variants, writer, model}, then `delta` {variant, text} as each ' +
            'variant is written, then `done` {posts, fallback_reason} or `error` {error, message}. Closing the ' +
            'connection cancels the model call and saves nothing. Refusals (bad body, unknown or foreign source) ' +
            'answer JSON before the stream opens.',
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
