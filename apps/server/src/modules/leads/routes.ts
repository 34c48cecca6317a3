import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  CALLS,
  ZAllLeadsResponse,
  ZAllListsResponse,
  ZErrorBody,
  ZSaveLeadsForm,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ZFileAnswer } from '../../http/answer-statuses';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { AppError } from '../../http/errors';
import { sendJsonText } from '../../http/json-text';
import { allLeads } from './all-leads';
import { allLists } from './all-lists';
import { deleteList } from './delete-list';
import { emailFinderStatus } from './email-finder-status';
import { EXPORT_FILE_NAME, exportList } from './export-list';
import { fetchAllLists } from './fetch-all-lists';
import { findEmails } from './find-emails';
import { importStatus } from './import-status';
import { leadsByList } from './leads-by-list';
import { listFromLeads } from './list-from-leads';
import { renameList } from './rename-list';
import { SAMPLE_CSV, SAMPLE_CSV_FILE_NAME } from './sample-csv';
import { saveLeads } from './save-leads';
import { searchLists } from './search-lists';
import { selectPeople } from './select-people';
import {
  ensureImportSpace,
  receiveCsv,
  SAVE_LEADS_FORM,
  saveUploadTo,
  UPLOAD_LIMITS,
  VERIFY_UPLOAD_FORM,
} from './upload';
import { verifyUpload } from './verify-upload';

const tags = ['leads'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

const attachment = (fileName: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

/** Spec §7 "Leads and lists" (the LinkedIn calls store_cookie, li_at_expired and search_result live elsewhere). */
export const leadsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS });

    app.route({
      ...callRoute(CALLS.allLists, {
        schema: { tags, summary: 'A page of lists, newest first (page is zero-based)', response: errors },
      }),
      handler: async (request, reply) => {
        const userId = callerOf(request).user.id;
        const { page, limit } = request.query;
        // Kept per user until their lists change, as the JSON text sent (encoded through the response
        // schema when read, as the serializer would): a repeated call runs no statement.
        const json = await deps.listPages.answer(userId, `all_lists:${page}:${limit}`, async () => {
          const { answer, clockFree } = await allLists(deps, userId, { page, limit });
          return { json: JSON.stringify(ZAllListsResponse.encode(answer)), keep: clockFree };
        });
        return sendJsonText(reply, json);
      },
    });

    app.route({
      ...callRoute(CALLS.searchLists, {
        schema: {
          tags,
          summary: 'Lists whose name contains the query (any letter case), newest first, at most 50',
          response: { ...errors },
        },
      }),
      handler: (request) => searchLists(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.fetchAllLists, {
        schema: { tags, summary: 'All lists, for dropdowns', response: { ...errors } },
      }),
      handler: (request) => fetchAllLists(deps, callerOf(request).user.id),
    });

    app.route({
      ...callRoute(CALLS.renameList, {
        schema: {
          tags,
          summary: 'Rename a list (names are unique per user, any letter case)',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => renameList(deps, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.deleteList, {
        schema: {
          tags,
          summary: 'Delete a list and its leads (id in the query or in a JSON body)',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => {
        const id = request.query.id ?? request.body?.id;
        if (id === undefined) throw new AppError(400, 'validation_error', 'id is required');
        return deleteList(deps, callerOf(request).user.id, { id });
      },
    });

    app.route({
      ...callRoute(CALLS.leadsByList, {
        schema: {
          tags,
          summary: 'Every lead of a list (the client exports it as data.csv)',
          response: { 413: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => leadsByList(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.exportList, {
        schema: {
          tags,
          summary:
            'A list as data.csv, streamed, with the e-mail columns of the all-leads export (Email, Email Status, Email ' +
            'Confidence); cells that a spreadsheet would run as formulas are neutralised',
          produces: ['text/csv'],
          response: { 200: ZFileAnswer, 404: ZErrorBody },
        },
      }),
      handler: async (request, reply) => {
        const csv = await exportList(deps, callerOf(request).user.id, request.query);
        return reply.headers(attachment(EXPORT_FILE_NAME)).send(Readable.from(csv));
      },
    });

    app.route({
      ...callRoute(CALLS.allLeads, {
        schema: {
          tags,
          summary: 'A page of all leads, newest first (page is zero-based, row is the page size)',
          response: { ...errors },
        },
      }),
      handler: async (request, reply) => {
        const userId = callerOf(request).user.id;
        const { page, row } = request.query;
        const json = await deps.listPages.answer(userId, `all_leads:${page}:${row}`, async () => {
          const answer = await allLeads(deps, userId, { page, row });
          return { json: JSON.stringify(ZAllLeadsResponse.encode(answer)), keep: true };
        });
        return sendJsonText(reply, json);
      },
    });

    app.route({
      ...callRoute(CALLS.listFromLeads, {
        schema: {
          tags,
          summary:
            'Make a new list of some of your leads (Start Outreach): every id must be yours, or nothing is made',
          response: { 409: ZErrorBody, ...errors },
        },
      }),
      handler: async (request, reply) => {
        const answer = await listFromLeads(deps, callerOf(request).user.id, request.body);
        return reply.code(201).send(answer);
      },
    });

    app.route({
      ...callRoute(CALLS.emailFinderStatus, {
        schema: {
          tags,
          summary:
            'Whether Find Email can look e-mails up (an e-mail finder is configured), else what to set up',
          response: { ...errors },
        },
      }),
      handler: () => emailFinderStatus(deps),
    });

    app.route({
      ...callRoute(CALLS.findEmails, {
        schema: {
          tags,
          summary:
            'Find and verify the work e-mail of up to 25 of your leads through the e-mail finder (Hunter); 1 credit for each e-mail found',
          response: { 402: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody, 502: ZErrorBody, ...errors },
        },
      }),
      handler: (request) =>
        findEmails({ ...deps, log: request.log }, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.selectPeople, {
        schema: { tags, summary: 'Toggle the selection of a lead', response: { ...errors } },
      }),
      handler: (request) => selectPeople(deps, callerOf(request).user.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.verifyUpload, {
        config: { upload: VERIFY_UPLOAD_FORM },
        schema: {
          tags,
          summary: 'Count the rows a CSV file will import (multipart/form-data: file)',
          consumes: ['multipart/form-data'],
          response: { 413: ZErrorBody, ...errors },
        },
      }),
      handler: async (request) => (await receiveCsv(request, verifyUpload)).result,
    });

    app.route({
      ...callRoute(CALLS.saveLeads, {
        config: { upload: SAVE_LEADS_FORM },
        schema: {
          tags,
          summary:
            'Import a CSV file into a list (multipart/form-data: file, list = a list name); answers at once, the import runs in the background (import_status)',
          consumes: ['multipart/form-data'],
          response: { 409: ZErrorBody, 413: ZErrorBody, 507: ZErrorBody, ...errors },
        },
      }),
      handler: async (request) => {
        const userId = callerOf(request).user.id;
        const { result: upload, fields } = await receiveCsv(
          request,
          saveUploadTo(deps.config.dataDir, deps.disk, Number(request.headers['content-length']) || 0),
          (saved) => rm(saved.filePath, { force: true }),
        );
        try {
          await ensureImportSpace(deps, upload);
          const form = ZSaveLeadsForm.safeParse(fields);
          if (!form.success)
            throw new AppError(400, 'validation_error', form.error.issues[0]?.message ?? 'Invalid form');
          const { answer, job } = await saveLeads(deps, { userId, listName: form.data.list, upload });
          deps.csvImports.start(job);
          return answer;
        } catch (error) {
          await rm(upload.filePath, { force: true });
          throw error;
        }
      },
    });

    app.route({
      ...callRoute(CALLS.importStatus, {
        schema: { tags, summary: 'Progress of the newest CSV import of a list', response: { ...errors } },
      }),
      handler: (request) => importStatus(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.sampleCsv, {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The sample CSV file of the import page',
          security: [],
          produces: ['text/csv'],
        },
      }),
      handler: (_request, reply) => reply.headers(attachment(SAMPLE_CSV_FILE_NAME)).send(SAMPLE_CSV),
    });
  };
