import {
  ZAdminPromptResponse,
  ZAdminPromptsResponse,
  ZCreatePromptRequest,
  ZErrorBody,
  ZPromptConflictBody,
  ZPromptIdParams,
  ZPromptsResponse,
  ZPromptTextErrorBody,
  ZPromptVersionsResponse,
  ZRestorePromptRequest,
  ZRetirePromptRequest,
  ZUpdatePromptRequest,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { createPrompt } from './create-prompt';
import { listPrompts } from './list-prompts';
import { listPromptVersions } from './prompt-versions';
import { adminPrompts } from './prompt-view';
import { restorePromptVersion } from './restore-prompt-version';
import { setPromptRetired } from './retire-prompt';
import { updatePrompt } from './update-prompt';

const admin = { access: 'admin' as const };
const tags = ['prompts'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };
/** Saves: 400 may name unknown variables; 409 may give the current version. */
const saveErrors = { ...errors, 400: ZPromptTextErrorBody, 404: ZErrorBody, 409: ZPromptConflictBody };

/** Spec §7 GET /prompts, and Prompts Management (/admin/promptsmanagement): admins only, 403 for others. */
export const promptsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/prompts',
      {
        schema: {
          tags,
          summary: 'Every prompt in service (admins read the text; for others it is empty)',
          response: { 200: ZPromptsResponse, 401: ZErrorBody, 403: ZErrorBody },
        },
      },
      (request) => listPrompts(deps.db, callerOf(request).user),
    );

    app.get(
      '/admin/prompts',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Every prompt, retired ones too, with purpose, version, variables and the one in use',
          response: { 200: ZAdminPromptsResponse, ...errors },
        },
      },
      async () => ({ prompts: await adminPrompts(deps.db) }),
    );

    app.post(
      '/admin/prompts',
      {
        config: admin,
        schema: {
          tags,
          summary: 'A new prompt; the newest of a purpose is the one generation uses',
          body: ZCreatePromptRequest,
          response: { 201: ZAdminPromptResponse, ...saveErrors },
        },
      },
      async (request, reply) => {
        const answer = await createPrompt(deps, callerOf(request).user.id, request.body);
        return reply.code(201).send(answer);
      },
    );

    app.put(
      '/admin/prompts/:id',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Edit a prompt (send the version you edited: an older one is refused with 409)',
          params: ZPromptIdParams,
          body: ZUpdatePromptRequest,
          response: { 200: ZAdminPromptResponse, ...saveErrors },
        },
      },
      (request) => updatePrompt(deps, callerOf(request).user.id, request.params.id, request.body),
    );

    app.put(
      '/admin/prompts/:id/retired',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Retire a prompt (never used again) or bring it back; the last of a purpose stays',
          params: ZPromptIdParams,
          body: ZRetirePromptRequest,
          response: { 200: ZAdminPromptResponse, ...saveErrors },
        },
      },
      (request) => setPromptRetired(deps, request.params.id, request.body.retired),
    );

    app.get(
      '/admin/prompts/:id/versions',
      {
        config: admin,
        schema: {
          tags,
          summary: "A prompt's versions, newest first: who wrote each, when, and its text",
          params: ZPromptIdParams,
          response: { 200: ZPromptVersionsResponse, 404: ZErrorBody, ...errors },
        },
      },
      (request) => listPromptVersions(deps.db, request.params.id),
    );

    app.post(
      '/admin/prompts/:id/restore',
      {
        config: admin,
        schema: {
          tags,
          summary: "An earlier version's text back, as a new version",
          params: ZPromptIdParams,
          body: ZRestorePromptRequest,
          response: { 200: ZAdminPromptResponse, ...saveErrors },
        },
      },
      (request) => restorePromptVersion(deps, callerOf(request).user.id, request.params.id, request.body),
    );
  };
