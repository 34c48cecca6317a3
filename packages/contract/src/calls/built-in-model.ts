import {
  ZAdminAiModelResponse,
  ZAdminAiModelTestRequest,
  ZAdminAiModelTestResponse,
} from '../built-in-model';
import { call } from './call';

/** The admin's view of the AI: who serves each purpose, and the built-in model's file. */
export const builtInModelCalls = {
  getAdminAiModel: call({ method: 'GET', path: '/api/admin/ai-model', response: ZAdminAiModelResponse }),
  startAdminAiModelDownload: call({
    method: 'POST',
    path: '/api/admin/ai-model/download',
    response: ZAdminAiModelResponse,
    status: 202,
  }),
  cancelAdminAiModelDownload: call({
    method: 'DELETE',
    path: '/api/admin/ai-model/download',
    response: ZAdminAiModelResponse,
  }),
  deleteAdminAiModelFile: call({
    method: 'DELETE',
    path: '/api/admin/ai-model/file',
    response: ZAdminAiModelResponse,
  }),
  testAdminAiModel: call({
    method: 'POST',
    path: '/api/admin/ai-model/test',
    body: ZAdminAiModelTestRequest,
    response: ZAdminAiModelTestResponse,
  }),
};
