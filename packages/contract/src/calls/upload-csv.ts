import { ZCsvImportKindParams, ZCsvSaveResponse, ZCsvVerifyResponse } from '../templates';
import { call } from './call';

/** The upload-csv calls. */
export const uploadCsvCalls = {
  verifyAdminCsvUpload: call({
    method: 'POST',
    path: '/api/admin/upload-csv/:kind/verify',
    params: ZCsvImportKindParams,
    response: ZCsvVerifyResponse,
  }),
  saveAdminCsvUpload: call({
    method: 'POST',
    path: '/api/admin/upload-csv/:kind/save',
    params: ZCsvImportKindParams,
    response: ZCsvSaveResponse,
  }),
  getAdminCsvSample: call({
    method: 'GET',
    path: '/api/admin/upload-csv/:kind/sample',
    params: ZCsvImportKindParams,
    response: 'file',
  }),
};
