import fastifyMultipart from '@fastify/multipart';
import {
  CALLS,
  CSV_IMPORT_MAX_BYTES,
  LEADS_MESSAGES,
  ZCsvImportErrorBody,
  ZErrorBody,
} from '@sales-assist/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { AppError } from '../../http/errors';
import { receiveMultipart } from '../../http/receive-multipart';
import type { UploadForm } from '../../http/upload-form';
import { type ImportFile, readImportFile, tooLargeMessage } from './import-file';
import { sampleCsv } from './sample-csv';
import { saveImport } from './save-import';
import { verifyImport } from './verify-import';

const admin = { access: 'admin' as const };
const tags = ['upload-csv'];
const errors = { 400: ZCsvImportErrorBody, 401: ZErrorBody, 403: ZErrorBody, 413: ZErrorBody };

/** One file of at most CSV_IMPORT_MAX_BYTES; the form has nothing else. */
const LIMITS = { fileSize: CSV_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 };
const IMPORT_FORM: UploadForm = {
  file: {
    name: 'file',
    description: 'A .csv file of prompts or templates, with the columns of the sample',
    maxBytes: CSV_IMPORT_MAX_BYTES,
  },
};
const adminUpload = { ...admin, upload: IMPORT_FORM };

/** The upload read whole and mapped to `kind`'s columns; spec §5 messages for no file or not .csv. */
const receiveImportFile = async (
  request: FastifyRequest,
  kind: 'prompts' | 'templates',
): Promise<ImportFile> =>
  (
    await receiveMultipart(
      request,
      {
        missingFile: LEADS_MESSAGES.selectFile,
        tooLarge: tooLargeMessage,
        tooManyParts: 'The form has too many parts. Send one CSV file.',
      },
      async (bytes, fileName) => {
        if (!/\.csv$/i.test(fileName.trim()))
          throw new AppError(400, 'validation_error', LEADS_MESSAGES.selectCsvFile);
        return readImportFile(kind, bytes);
      },
    )
  ).result;

/** Upload CSV (/admin/uploadcsv): bulk import of prompts or templates, verify first, then save. */
export const adminCsvImportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: LIMITS });

    app.route({
      ...callRoute(CALLS.verifyAdminCsvUpload, {
        config: adminUpload,
        schema: {
          tags,
          summary:
            'Check a CSV file of prompts or templates (multipart/form-data: file): rows, what saving would create or update, every line error, a preview. Saves nothing',
          consumes: ['multipart/form-data'],
          response: { ...errors },
        },
      }),
      handler: async (request) => {
        const file = await receiveImportFile(request, request.params.kind);
        return verifyImport(deps.db, request.params.kind, file);
      },
    });

    app.route({
      ...callRoute(CALLS.saveAdminCsvUpload, {
        config: adminUpload,
        schema: {
          tags,
          summary:
            'Import a CSV file of prompts or templates (multipart/form-data: file) in one transaction: everything, or nothing with the line errors (400)',
          consumes: ['multipart/form-data'],
          response: { ...errors },
        },
      }),
      handler: async (request) => {
        const file = await receiveImportFile(request, request.params.kind);
        return saveImport(deps, callerOf(request).user.id, request.params.kind, file);
      },
    });

    app.route({
      ...callRoute(CALLS.getAdminCsvSample, {
        config: admin,
        schema: {
          tags,
          summary:
            'A sample CSV file of prompts or templates: every column, two rows that import as they are',
          produces: ['text/csv'],
        },
      }),
      handler: (request, reply) =>
        reply
          .headers({
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="sample-${request.params.kind}.csv"`,
            'cache-control': 'no-store',
          })
          .send(sampleCsv(request.params.kind)),
    });
  };
