import {
  ZLeadImportRequest,
  ZLiAtExpiredResponse,
  ZSearchResultRequest,
  ZSearchResultResponse,
  ZStoreCookieRequest,
  ZStoreCookieResponse,
} from '../linkedin';
import { call } from './call';

/** The linkedin calls. */
export const linkedinCalls = {
  storeCookie: call({
    method: 'POST',
    path: '/api/linkedinAI/store_cookie',
    body: ZStoreCookieRequest,
    response: ZStoreCookieResponse,
  }),
  liAtExpired: call({ method: 'GET', path: '/api/linkedinAI/li_at_expired', response: ZLiAtExpiredResponse }),
  searchResult: call({
    method: 'POST',
    path: '/api/linkedinAI/search_result',
    body: ZSearchResultRequest,
    response: ZSearchResultResponse,
  }),
  leadImport: call({
    method: 'POST',
    path: '/api/linkedinAI/lead_import',
    body: ZLeadImportRequest,
    response: ZSearchResultResponse,
  }),
};
