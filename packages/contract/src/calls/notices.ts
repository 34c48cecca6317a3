import { ZNoticesQuery, ZNoticesResponse, ZReadNoticesRequest, ZReadNoticesResponse } from '../schedule';
import { call } from './call';

/** The notices calls. */
export const noticesCalls = {
  getNotices: call({ method: 'GET', path: '/api/notices', query: ZNoticesQuery, response: ZNoticesResponse }),
  markNoticesRead: call({
    method: 'POST',
    path: '/api/notices/read',
    body: ZReadNoticesRequest,
    response: ZReadNoticesResponse,
  }),
};
