import { ZTemplatesDataResponse, ZUpdateTemplatesDataBody } from '../infographics';
import { ZUpdateTemplatesDataResponse } from '../templates';
import { call } from './call';

/** The templates calls. */
export const templatesCalls = {
  getTemplatesData: call({
    method: 'GET',
    path: '/api/get-templates-data',
    response: ZTemplatesDataResponse,
  }),
  updateTemplatesData: call({
    method: 'PUT',
    path: '/api/update-templates-data',
    body: ZUpdateTemplatesDataBody,
    response: ZUpdateTemplatesDataResponse,
  }),
};
