import { CALLS, ZBlogResponse, ZErrorBody, ZPlanLimitReachedBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ZFileAnswer } from '../../http/answer-statuses';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { readBlogPicture } from './blog-picture';
import { blogPostOf } from './blog-view';
import { deleteBlog } from './delete-blog';
import { findOwnItem } from './find-blog';
import { listBlogs } from './list-blogs';
import { listBlogTopics } from './list-topics';
import { regenerateSection } from './regenerate-section';
import { setBlogPicture } from './set-blog-picture';
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

    app.route({
      ...callRoute(CALLS.setBlogPicture, {
        schema: {
          tags,
          summary:
            'Choose the post’s picture (its featured image on WordPress): a theme, an uploaded image, or none',
          description:
            'A theme draws the post’s title and section headings as an infographic; an input is one of the ' +
            'caller’s uploaded images. 404 for another user’s image or an unknown theme, 400 for a retired ' +
            'theme, 409 while the post is being written.',
          response: { ...errors, 409: ZErrorBody },
        },
      }),
      handler: (request) => setBlogPicture(deps, callerOf(request).user.id, request.params.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.getBlogPicture, {
        schema: {
          tags,
          summary: 'The post’s picture, for its owner (404 when it has none)',
          produces: ['image/png', 'image/jpeg', 'image/webp'],
          response: { 200: ZFileAnswer, 404: ZErrorBody },
        },
      }),
      handler: async (request, reply) => {
        const row = await findOwnItem(deps.db, callerOf(request).user.id, request.params.id, 'blog');
        const file = await readBlogPicture(deps, row);
        return reply
          .headers({
            'content-type': file.contentType,
            'content-length': String(file.size),
            // The picture follows the post (its title, its headings): never kept by the browser.
            'cache-control': 'private, no-cache',
            'content-disposition': `inline; filename="${file.fileName}"`,
            'content-security-policy': "default-src 'none'; sandbox",
          })
          .send(file.body);
      },
    });
  };
