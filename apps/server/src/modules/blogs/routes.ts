import { CALLS, ZBlogResponse, ZErrorBody, ZPlanLimitReachedBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { blogPostOf } from './blog-view';
import { deleteBlog } from './delete-blog';
import { findOwnItem } from './find-blog';
import { listBlogs } from './list-blogs';
import { listBlogTopics } from './list-topics';
import { regenerateSection } from './regenerate-section';
import { startBlogPost } from './start-blog-post';
import { suggestBlogTopics } from './suggest-topics';
import { updateBlog } from './update-blog';

const tags = ['blogs'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
/** A reached plan limit: the premium pop-up's texts (spec §6). */
const limitErrors = { 402: ZPlanLimitReachedBody };
const writerErrors = { 502: ZErrorBody, 503: ZErrorBody };

/** The Blogs screen (spec §2 website-content): topics, posts written in the background, the editor. */
export const blogsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.suggestBlogTopics, {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary:
            'Suggest blog topics from the brand profile (and seed keywords); one blog_topics unit each',
          description:
            'Never more topics than the month has left (remaining says how many are left after these). ' +
            'Without a website, seed keywords are needed. A failed writer answers 502 and counts nothing.',
          response: { ...errors, ...limitErrors, ...writerErrors },
        },
      }),
      handler: (request) => suggestBlogTopics(deps, callerOf(request).user, request.body),
    });

    app.route({
      ...callRoute(CALLS.getBlogTopics, {
        schema: { tags, summary: 'The latest 30 topic suggestions, newest first', response: { ...errors } },
      }),
      handler: (request) => listBlogTopics(deps, callerOf(request).user.id),
    });

    app.route({
      ...callRoute(CALLS.createBlog, {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary:
            'Write a blog post in the background (one blogs unit); answers the generating post at once',
          description:
            'The post is written by a job: poll GET /blogs/{id} (status, progress). A post that finally ' +
            'fails keeps no text and gives its unit back.',
          response: { 202: ZBlogResponse, ...errors, ...limitErrors, ...writerErrors },
        },
      }),
      handler: async (request, reply) => {
        const answer = await startBlogPost(deps, callerOf(request).user, request.body);
        return reply.code(202).send(answer);
      },
    });

    app.route({
      ...callRoute(CALLS.getBlogs, {
        schema: {
          tags,
          summary: 'A page of 9 blog posts, newest first (page is one-based)',
          response: { ...errors },
        },
      }),
      handler: (request) => listBlogs(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.getBlog, {
        schema: { tags, summary: 'One blog post with its body', response: { ...errors } },
      }),
      handler: async (request) => ({
        blog: blogPostOf(await findOwnItem(deps.db, callerOf(request).user.id, request.params.id, 'blog')),
      }),
    });

    app.route({
      ...callRoute(CALLS.updateBlog, {
        schema: {
          tags,
          summary: 'Save the title, slug, meta description (≤ 160) and body (HTML, sanitised on the server)',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => updateBlog(deps, callerOf(request).user.id, request.params.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.regenerateBlogSection, {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary: 'Rewrite one section (by its index among the <h2> sections) and save the post',
          response: { 409: ZErrorBody, ...errors, ...writerErrors },
        },
      }),
      handler: (request) =>
        regenerateSection(deps, callerOf(request).user.id, request.params.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.deleteBlog, {
        schema: {
          tags,
          summary: 'Delete a blog post (one still being written gives its unit back)',
          response: { ...errors },
        },
      }),
      handler: (request) => deleteBlog(deps, callerOf(request).user.id, request.params.id),
    });
  };
