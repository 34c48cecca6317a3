import { ZMessageResponse } from '../common';
import {
  ZCreateTextInputRequest,
  ZInputIdParams,
  ZInputResponse,
  ZInputSavedResponse,
  ZInputsQuery,
  ZInputsResponse,
  ZInputsSummaryResponse,
  ZRenameInputRequest,
} from '../inputs';
import { call } from './call';

/** The inputs calls. */
export const inputsCalls = {
  getInputs: call({ method: 'GET', path: '/api/inputs', query: ZInputsQuery, response: ZInputsResponse }),
  getInputsSummary: call({ method: 'GET', path: '/api/inputs/summary', response: ZInputsSummaryResponse }),
  createTextInput: call({
    method: 'POST',
    path: '/api/inputs/texts',
    body: ZCreateTextInputRequest,
    response: ZInputSavedResponse,
    status: 201,
  }),
  uploadTextInput: call({
    method: 'POST',
    path: '/api/inputs/texts/upload',
    response: ZInputSavedResponse,
    status: 201,
  }),
  uploadImageInputs: call({
    method: 'POST',
    path: '/api/inputs/images',
    response: ZInputSavedResponse,
    status: 201,
  }),
  getInput: call({
    method: 'GET',
    path: '/api/inputs/:id',
    params: ZInputIdParams,
    response: ZInputResponse,
  }),
  updateInput: call({
    method: 'PUT',
    path: '/api/inputs/:id',
    params: ZInputIdParams,
    body: ZRenameInputRequest,
    response: ZInputSavedResponse,
  }),
  deleteInput: call({
    method: 'DELETE',
    path: '/api/inputs/:id',
    params: ZInputIdParams,
    response: ZMessageResponse,
  }),
  getInputImage: call({
    method: 'GET',
    path: '/api/inputs/:id/image',
    params: ZInputIdParams,
    response: 'file',
  }),
  getInputThumbnail: call({
    method: 'GET',
    path: '/api/inputs/:id/thumbnail',
    params: ZInputIdParams,
    response: 'file',
  }),
  getInputFile: call({
    method: 'GET',
    path: '/api/inputs/:id/file',
    params: ZInputIdParams,
    response: 'file',
  }),
};
