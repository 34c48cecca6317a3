import {
  CALLS,
  INFOGRAPHIC_FIT_HEADER,
  INFOGRAPHIC_SAMPLE_CONTENT,
  INFOGRAPHIC_THEME_MESSAGES,
  ZErrorBody,
  ZInfographicThemeConflictBody,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ZFileAnswer } from '../../http/answer-statuses';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { notFound } from '../../http/errors';
import { designAssetsRoutes } from './assets/routes';
import { createTheme } from './create-theme';
import { previewDesign } from './preview-design';
import { readRenderedPicture } from './read-rendered-picture';
import { answeringRenderErrors } from './render-errors';
import { renderThemePicture } from './render-theme-picture';
import { setThemeRetired } from './retire-theme';
import { adminTheme, allThemes, findTheme, offeredThemes } from './theme-view';
import { updateTheme } from './update-theme';

const admin = { access: 'admin' as const };
const tags = ['infographics'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };
const saveErrors = { ...errors, 404: ZErrorBody, 409: ZInfographicThemeConflictBody };

/** A design and its sample content are a few hundred bytes; anything much larger is not a preview. */
const PREVIEW_BODY_LIMIT = 16 * 1024;

/** The fit as a header value: JSON, URL-encoded (it may hold "…", which a header cannot carry as is). */
const fitHeader = (fit: unknown) => encodeURIComponent(JSON.stringify(fit));

/**
 * Infographic themes: the list Socials offers and each theme's preview (signed-in users), and their
 * management (/admin/infographicmanagement, admins only: 403 for others).
 */
export const infographicsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The uploads the themes draw with, in their own scope (the multipart parser stays with them).
    await app.register(designAssetsRoutes(deps));

    app.route({
      ...callRoute(CALLS.getInfographicThemes, {
        schema: {
          tags,
          summary: 'The infographic themes offered for social post pictures (not retired)',
          response: { 401: ZErrorBody },
        },
      }),
      handler: async () => ({ themes: await offeredThemes(deps.db) }),
    });

    app.route({
      ...callRoute(CALLS.getInfographicThemePreview, {
        schema: {
          tags,
          summary: "A theme's picture drawn with sample content (PNG; drawn once per theme version)",
          produces: ['image/png'], // An unknown theme; an asset of its design gone (409) or one that cannot be drawn (422).
          response: { 200: ZFileAnswer, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody },
        },
      }),
      handler: async (request, reply) => {
        const picture = await answeringRenderErrors(() =>
          renderThemePicture(deps, {
            themeId: request.params.id,
            content: INFOGRAPHIC_SAMPLE_CONTENT,
            ensureStored: true,
            forUser: callerOf(request).user.id,
          }),
        );
        const file = await readRenderedPicture(deps, picture.storageKey);
        if (!file)
          throw notFound('The preview picture is missing; it will be drawn again after the next edit.');
        return reply
          .headers({
            'content-type': file.contentType,
            'content-length': String(file.size),
            // The address carries the version: a picture at it never changes, unless it is drawn in the
            // caller's brand look, which reading their site again changes.
            'cache-control': picture.branded ? 'private, no-cache' : 'private, max-age=86400, immutable',
            [INFOGRAPHIC_FIT_HEADER]: fitHeader(picture.fit),
          })
          .send(file.body);
      },
    });

    app.route({
      ...callRoute(CALLS.getAdminInfographicThemes, {
        config: admin,
        schema: {
          tags,
          summary: 'Every infographic theme, retired ones too, with its design and version',
          response: { ...errors },
        },
      }),
      handler: async () => ({ themes: await allThemes(deps.db) }),
    });

    app.route({
      ...callRoute(CALLS.createAdminInfographicTheme, {
        config: admin,
        schema: {
          tags,
          summary: 'A new theme, with its three template entries on the current prompts',
          response: { ...saveErrors },
        },
      }),
      handler: async (request, reply) => {
        const created = await createTheme(deps.db, {
          name: request.body.name,
          design: request.body.design,
          createdBy: callerOf(request).user.id,
        });
        const theme = adminTheme(await findTheme(deps.db, created.id));
        return reply.code(201).send({ message: INFOGRAPHIC_THEME_MESSAGES.created, theme });
      },
    });

    app.route({
      ...callRoute(CALLS.updateAdminInfographicTheme, {
        config: admin,
        schema: {
          tags,
          summary:
            "Edit a theme's name or design (send the version you edited: an older one is refused with 409)",
          response: { ...saveErrors },
        },
      }),
      handler: (request) => updateTheme(deps, callerOf(request).user.id, request.params.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.setAdminInfographicThemeRetired, {
        config: admin,
        schema: {
          tags,
          summary:
            'Retire a theme (no longer offered for new posts) or bring it back; the last one offered stays',
          response: { ...saveErrors },
        },
      }),
      handler: (request) => setThemeRetired(deps, request.params.id, request.body.retired),
    });

    app.route({
      ...callRoute(CALLS.previewAdminInfographic, {
        config: admin,
        bodyLimit: PREVIEW_BODY_LIMIT,
        schema: {
          tags,
          summary: `Draw a design that is not saved (the editor's live preview): PNG, with what was changed to fit in the ${INFOGRAPHIC_FIT_HEADER} header (URL-encoded JSON)`,
          produces: ['image/png'], // 429: the preview's own throttle per admin (preview-design.ts), with Retry-After.
          response: { 200: ZFileAnswer, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody },
        },
      }),
      handler: async (request, reply) => {
        const picture = await previewDesign(deps, callerOf(request).user.id, request.body);
        return reply
          .headers({
            'content-type': 'image/png',
            'cache-control': 'no-store',
            [INFOGRAPHIC_FIT_HEADER]: fitHeader(picture.fit),
          })
          .send(picture.png);
      },
    });
  };
