import { CALLS, ZErrorBody, ZUpdateTemplatesDataErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { listTemplatesData } from './list-templates-data';
import { updateTemplatesData } from './update-templates-data';

const admin = { access: 'admin' as const };
const tags = ['templates'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** Spec §7 get-templates-data and update-templates-data: the Template Editor of Infographic Management 2. */
export const templatesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getTemplatesData, {
        config: admin,
        schema: {
          tags,
          summary:
            'Every template entry of the themes in service (id, theme, theme_id, promptid, prompt_type), by theme then Selection, Image, Text Post',
          response: { ...errors },
        },
      }),
      handler: () => listTemplatesData(deps.db),
    });

    app.route({
      ...callRoute(CALLS.updateTemplatesData, {
        config: admin,
        schema: {
          tags,
          summary:
            "Set a theme's three prompt ids (ids: its three entries, prompt_ids: in the same order; 0 or null: the current prompt of the purpose). All or nothing",
          response: { ...errors, 400: ZUpdateTemplatesDataErrorBody, 404: ZErrorBody, 409: ZErrorBody },
        },
      }),
      handler: (request) => updateTemplatesData(deps, callerOf(request).user.id, request.body),
    });
  };
