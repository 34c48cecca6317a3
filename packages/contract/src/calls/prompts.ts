import {
  ZAdminPromptResponse,
  ZAdminPromptsResponse,
  ZCreatePromptRequest,
  ZPromptIdParams,
  ZPromptsResponse,
  ZPromptVersionsResponse,
  ZRestorePromptRequest,
  ZRetirePromptRequest,
  ZUpdatePromptRequest,
} from '../prompts';
import { call } from './call';

/** The prompts calls. */
export const promptsCalls = {
  getPrompts: call({ method: 'GET', path: '/api/prompts', response: ZPromptsResponse }),
  getAdminPrompts: call({ method: 'GET', path: '/api/admin/prompts', response: ZAdminPromptsResponse }),
  createAdminPrompt: call({
    method: 'POST',
    path: '/api/admin/prompts',
    body: ZCreatePromptRequest,
    response: ZAdminPromptResponse,
    status: 201,
  }),
  updateAdminPrompt: call({
    method: 'PUT',
    path: '/api/admin/prompts/:id',
    params: ZPromptIdParams,
    body: ZUpdatePromptRequest,
    response: ZAdminPromptResponse,
  }),
  setAdminPromptRetired: call({
    method: 'PUT',
    path: '/api/admin/prompts/:id/retired',
    params: ZPromptIdParams,
    body: ZRetirePromptRequest,
    response: ZAdminPromptResponse,
  }),
  getAdminPromptVersions: call({
    method: 'GET',
    path: '/api/admin/prompts/:id/versions',
    params: ZPromptIdParams,
    response: ZPromptVersionsResponse,
  }),
  restoreAdminPrompt: call({
    method: 'POST',
    path: '/api/admin/prompts/:id/restore',
    params: ZPromptIdParams,
    body: ZRestorePromptRequest,
    response: ZAdminPromptResponse,
  }),
};
