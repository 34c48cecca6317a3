import fastifyMultipart from '@fastify/multipart';
import { CALLS, ZDesignAssetInUseBody, ZDesignAssetResponse, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { ZFileAnswer } from '../../../http/answer-statuses';
import { callerOf } from '../../../http/authenticate';
import { callRoute } from '../../../http/call-route';
import { deleteDesignAsset } from './delete-asset';
import { listDesignAssets } from './list-assets';
import { readDesignAssetFile } from './read-asset-file';
import { ASSET_UPLOAD_FORM, ASSET_UPLOAD_LIMITS, uploadDesignAsset } from './upload-asset';

const admin = { access: 'admin' as const };
const tags = ['infographics'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** Design assets (/admin/upload): pictures, backgrounds and fonts the themes draw with. Admins only. */
export const designAssetsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: ASSET_UPLOAD_LIMITS });

    app.route({
      ...callRoute(CALLS.getAdminAssets, {
        config: admin,
        schema: {
          tags,
          summary: 'Uploaded pictures, backgrounds and fonts, newest first, with the themes using each',
          response: { ...errors },
        },
      }),
      handler: (request) => listDesignAssets(deps.db, request.query),
    });

    app.route({
      ...callRoute(CALLS.uploadAdminAsset, {
        config: { ...admin, upload: ASSET_UPLOAD_FORM },
        schema: {
          tags,
          summary:
            'Upload a design asset (multipart/form-data: kind image|background|font, then file). Pictures: PNG, JPEG or WebP by content, pixel limit, EXIF stripped; fonts: TTF, OTF or WOFF that draw. The same file again answers the existing asset (200)',
          consumes: ['multipart/form-data'],
          response: {
            200: ZDesignAssetResponse,
            ...errors,
            413: ZErrorBody,
            415: ZErrorBody,
            422: ZErrorBody,
          },
        },
      }),
      handler: async (request, reply) => {
        const answer = await uploadDesignAsset(deps, callerOf(request).user.id, request);
        return reply.code(answer.status).send(answer.body);
      },
    });

    app.route({
      ...callRoute(CALLS.deleteAdminAsset, {
        config: admin,
        schema: {
          tags,
          summary: 'Delete an uploaded asset; refused (409) while a theme uses it',
          response: { ...errors, 404: ZErrorBody, 409: ZDesignAssetInUseBody },
        },
      }),
      handler: (request) => deleteDesignAsset(deps, request.params.id, request.log),
    });

    const fileCalls = { file: CALLS.getAdminAssetFile, thumbnail: CALLS.getAdminAssetThumbnail };
    for (const variant of ['file', 'thumbnail'] as const) {
      app.route({
        ...callRoute(fileCalls[variant], {
          config: admin,
          schema: {
            tags,
            summary:
              variant === 'file' ? "An asset's file" : "A picture asset's thumbnail (WebP, at most 320 px)",
            response: { 200: ZFileAnswer, 404: ZErrorBody },
            produces:
              variant === 'file'
                ? ['image/png', 'image/jpeg', 'image/webp', 'font/ttf', 'font/otf', 'font/woff']
                : ['image/webp'],
          },
        }),
        handler: async (request, reply) => {
          const file = await readDesignAssetFile(deps, request.params.id, variant);
          return reply
            .headers({
              'content-type': file.contentType,
              'content-length': String(file.size),
              'cache-control': 'private, max-age=86400, immutable',
              'content-disposition': `${variant === 'file' && file.contentType.startsWith('font/') ? 'attachment' : 'inline'}; filename="${file.fileName}"`,
              'content-security-policy': "default-src 'none'; sandbox",
            })
            .send(file.body);
        },
      });
    }
  };
