import { ZPublicFileQuery } from '../public-files';
import { call } from './call';

/** The publishing calls. */
export const publishingCalls = {
  getPublicFiles: call({
    method: 'GET',
    path: '/api/public-files',
    query: ZPublicFileQuery,
    response: 'file',
  }),
};
