import { CALLS, ZErrorBody } from '@sales-assist/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callRoute } from '../../http/call-route';
import { cancelModelDownload } from './cancel-model-download';
import { deleteModelFile } from './delete-model-file';
import { downloadRunOf } from './download-runs';
import { aiModelStatus } from './model-status';
import { startModelDownload } from './start-model-download';
import { testModel } from './test-model';

const tags = ['admin'];
const admin = { access: 'admin' as const };
const errors = { 401: ZErrorBody, 403: ZErrorBody };

/** Aborted when the caller goes away before the answer is sent (the response's close, not the request's). */
const callerGone = (reply: FastifyReply): AbortSignal => {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
};

/** The admin's view of the AI: who serves each purpose, and getting, testing and removing the built-in model. */
export const builtInModelRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // A download stops with the app (what arrived stays for the next start to resume), so a stopping
    // server neither waits for gigabytes nor leaves its lock to a process that is going away.
    app.addHook('onClose', async () => {
      const run = downloadRunOf(deps.config);
      run.controller?.abort();
      await run.settled;
    });
    app.route({
      ...callRoute(CALLS.getAdminAiModel, {
        config: admin,
        schema: {
          tags,
          summary: "Which provider serves each purpose of the AI, and the built-in model's file and download",
          response: { ...errors },
        },
      }),
      handler: () => aiModelStatus(deps),
    });
    app.route({
      ...callRoute(CALLS.startAdminAiModelDownload, {
        config: admin,
        schema: {
          tags,
          summary: 'Download the built-in model in the background (resuming what an earlier download left)',
          description:
            'Checked against its published SHA-256 before it is used; poll GET /api/admin/ai-model for the ' +
            'progress. 409 while a download runs (here or by npm run model:pull) or when the file is there; ' +
            '507 when the disk cannot hold it.',
          response: { 409: ZErrorBody, 507: ZErrorBody, ...errors },
        },
      }),
      handler: async (_request, reply) => {
        reply.code(202);
        return startModelDownload(deps, app.log);
      },
    });
    app.route({
      ...callRoute(CALLS.cancelAdminAiModelDownload, {
        config: admin,
        schema: {
          tags,
          summary: 'Stop the running download (what arrived is kept, to resume); 409 when none runs',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: () => cancelModelDownload(deps),
    });
    app.route({
      ...callRoute(CALLS.deleteAdminAiModelFile, {
        config: admin,
        schema: {
          tags,
          summary: "Delete the built-in model's file (and any part of a download); 409 while downloading",
          response: { 404: ZErrorBody, 409: ZErrorBody, ...errors },
        },
      }),
      handler: () => deleteModelFile(deps),
    });
    app.route({
      ...callRoute(CALLS.testAdminAiModel, {
        config: admin,
        schema: {
          tags,
          summary:
            'A short prompt through the model that writes content: its answer, time to first token, tokens/s',
          description: 'A model that fails answers ok: false with the reason. 409 when no model serves.',
          response: { 400: ZErrorBody, 409: ZErrorBody, 499: ZErrorBody, ...errors },
        },
      }),
      handler: (request, reply) => testModel(deps, { prompt: request.body.prompt }, callerGone(reply)),
    });
  };
