import fastifyMultipart from '@fastify/multipart';
import { CALLS, ZErrorBody, ZInputUploadForm } from '@sales-assist/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ZFileAnswer } from '../../http/answer-statuses';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { AppError } from '../../http/errors';
import { createTextInput } from './create-text-input';
import { deleteInput } from './delete-input';
import { findOwnInput } from './find-input';
import { inputDetailView } from './input-view';
import { inputsSummary, listInputs } from './list-inputs';
import { type InputFileVariant, readInputFile } from './read-input-file';
import { renameInput } from './rename-input';
import {
  IMAGE_UPLOAD_FORM,
  INPUT_UPLOAD_LIMITS,
  inputNameOf,
  type ReceivedUpload,
  receiveInputUpload,
  TEXT_UPLOAD_FORM,
} from './upload/receive-upload';
import { saveImageUpload } from './upload/save-image-upload';
import { saveTextUpload } from './upload/save-text-upload';

const tags = ['inputs'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const uploadErrors = { ...errors, 413: ZErrorBody, 415: ZErrorBody, 422: ZErrorBody, 507: ZErrorBody };

/** A pasted text of 200,000 characters may take up to 6 bytes each in JSON (escaped control characters). */
const PASTE_BODY_LIMIT = 2 * 1024 * 1024;

/** The form's optional name, checked like a rename; the file's own name otherwise. */
const namedUpload = (upload: ReceivedUpload): ReceivedUpload & { name: string } => {
  const form = ZInputUploadForm.safeParse({ name: upload.fields.name?.trim() || undefined });
  if (!form.success) {
    throw new AppError(400, 'validation_error', form.error.issues[0]?.message ?? 'Invalid form');
  }
  return { ...upload, name: inputNameOf(form.data.name, upload.fileName) };
};

/** Spec §2 Inputs: the user's texts and images that ground generation (issue 9). */
export const inputsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: INPUT_UPLOAD_LIMITS });

    const sendFile = async (
      reply: FastifyReply,
      userId: string,
      id: number,
      variant: InputFileVariant,
    ): Promise<FastifyReply> => {
      const file = await readInputFile(deps, userId, id, variant);
      return reply
        .headers({
          'content-type': file.contentType,
          'content-length': String(file.size),
          // The bytes behind an id never change; only its owner ever receives them.
          'cache-control': 'private, max-age=86400, immutable',
          'content-disposition': `${variant === 'file' ? 'attachment' : 'inline'}; filename="${file.fileName}"`,
          // Served from the app's origin, a stored file must never run as a page.
          'content-security-policy': "default-src 'none'; sandbox",
        })
        .send(file.body);
    };

    app.route({
      ...callRoute(CALLS.getInputs, {
        schema: {
          tags,
          summary: 'A page of the caller’s texts or images, newest first (page is zero-based)',
          response: { ...errors },
        },
      }),
      handler: (request) => listInputs(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.getInputsSummary, {
        schema: { tags, summary: 'How many texts and images the caller has', response: { ...errors } },
      }),
      handler: (request) => inputsSummary(deps, callerOf(request).user.id),
    });

    app.route({
      ...callRoute(CALLS.createTextInput, {
        bodyLimit: PASTE_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Save a pasted text (at most 200,000 characters)',
          response: { 413: ZErrorBody, ...errors },
        },
      }),
      handler: async (request, reply) =>
        reply.code(201).send(await createTextInput(deps, callerOf(request).user.id, request.body)),
    });

    app.route({
      ...callRoute(CALLS.uploadTextInput, {
        config: { upload: TEXT_UPLOAD_FORM },
        schema: {
          tags,
          summary:
            'Upload a text: .txt, .md, .pdf or .docx, recognised by content (multipart/form-data: file, optional name)',
          consumes: ['multipart/form-data'],
          response: { ...uploadErrors },
        },
      }),
      handler: async (request, reply) => {
        const userId = callerOf(request).user.id;
        const upload = namedUpload(await receiveInputUpload(request));
        return reply.code(201).send(await saveTextUpload(deps, request.log, userId, upload));
      },
    });

    app.route({
      ...callRoute(CALLS.uploadImageInputs, {
        config: { upload: IMAGE_UPLOAD_FORM },
        schema: {
          tags,
          summary:
            'Upload an image: PNG, JPEG or WebP, recognised by content; kept without EXIF, with a thumbnail (multipart/form-data: file, optional name)',
          consumes: ['multipart/form-data'],
          response: { ...uploadErrors },
        },
      }),
      handler: async (request, reply) => {
        const userId = callerOf(request).user.id;
        const upload = namedUpload(await receiveInputUpload(request));
        return reply.code(201).send(await saveImageUpload(deps, request.log, userId, upload));
      },
    });

    app.route({
      ...callRoute(CALLS.getInput, {
        schema: { tags, summary: 'One input, with its whole text', response: { ...errors } },
      }),
      handler: async (request) => ({
        input: inputDetailView(await findOwnInput(deps.db, callerOf(request).user.id, request.params.id)),
      }),
    });

    app.route({
      ...callRoute(CALLS.updateInput, {
        schema: { tags, summary: 'Rename an input', response: { ...errors } },
      }),
      handler: (request) =>
        renameInput(deps, callerOf(request).user.id, request.params.id, request.body.name),
    });

    app.route({
      ...callRoute(CALLS.deleteInput, {
        schema: { tags, summary: 'Delete an input and its stored files', response: { ...errors } },
      }),
      handler: (request) => deleteInput(deps, callerOf(request).user.id, request.params.id, request.log),
    });

    const fileCalls = {
      image: CALLS.getInputImage,
      thumbnail: CALLS.getInputThumbnail,
      file: CALLS.getInputFile,
    };
    for (const variant of ['image', 'thumbnail', 'file'] as const) {
      app.route({
        ...callRoute(fileCalls[variant], {
          schema: {
            tags,
            summary:
              variant === 'image'
                ? 'An image input’s picture (its own type)'
                : variant === 'thumbnail'
                  ? 'An image input’s thumbnail (WebP, at most 320 px)'
                  : 'The original file of an uploaded input, as an attachment',
            response: { 200: ZFileAnswer, 404: ZErrorBody },
            produces:
              variant === 'file' ? ['application/octet-stream'] : ['image/png', 'image/jpeg', 'image/webp'],
          },
        }),
        handler: (request, reply) => sendFile(reply, callerOf(request).user.id, request.params.id, variant),
      });
    }
  };
