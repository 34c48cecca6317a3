import { CALLS, ZErrorBody, ZPromptConflictBody, ZPromptTextErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
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
    app.route({
      ...callRoute(CALLS.getPrompts, {
        schema: {
          tags,
          summary: 'Every prompt in service (admins read the text; for others it is empty)',
          response: { 401: ZErrorBody, 403: ZErrorBody },
        },
      }),
      handler: (request) => listPrompts(deps.db, callerOf(request).user),
    });

    app.route({
      ...callRoute(CALLS.getAdminPrompts, {
        config: admin,
        schema: {
          tags,
          summary: 'Every prompt, retired ones too, with purpose, version, variables and the one in use',
          response: { ...errors },
        },
      }),
      handler: async () => ({ prompts: await adminPrompts(deps.db) }),
    });

    app.route({
      ...callRoute(CALLS.createAdminPrompt, {
        config: admin,
        schema: {
          tags,
          summary: 'A new prompt; the newest of a purpose is the one generation uses',
          response: { ...saveErrors },
        },
      }),
      handler: async (request, reply) => {
        const answer = await createPrompt(deps, callerOf(request).user.id, request.body);
        return reply.code(201).send(answer);
      },
    });

    app.route({
      ...callRoute(CALLS.updateAdminPrompt, {
        config: admin,
        schema: {
          tags,
          summary: 'Edit a prompt (send the version you edited: an older one is refused with 409)',
          response: { ...saveErrors },
        },
      }),
      handler: (request) => updatePrompt(deps, callerOf(request).user.id, request.params.id, request.body),
    });

    app.route({
      ...callRoute(CALLS.setAdminPromptRetired, {
        config: admin,
        schema: {
          tags,
          summary: 'Retire a prompt (never used again) or bring it back; the last of a purpose stays',
          response: { ...saveErrors },
        },
      }),
      handler: (request) => setPromptRetired(deps, request.params.id, request.body.retired),
    });

    app.route({
      ...callRoute(CALLS.getAdminPromptVersions, {
        config: admin,
        schema: {
          tags,
          summary: "A prompt's versions, newest first: who wrote each, when, and its text",
          response: { 404: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => listPromptVersions(deps.db, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.restoreAdminPrompt, {
        config: admin,
        schema: {
          tags,
          summary: "An earlier version's text back, as a new version",
          response: { ...saveErrors },
        },
      }),
      handler: (request) =>
        restorePromptVersion(deps, callerOf(request).user.id, request.params.id, request.body),
    });
  };
