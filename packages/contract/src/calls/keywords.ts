import { ZMessageResponse } from '../common';
import {
  ZCreateKeywordListRequest,
  ZKeywordIdeasRequest,
  ZKeywordIdeasResponse,
  ZKeywordListDetailResponse,
  ZKeywordListIdParams,
  ZKeywordListResponse,
  ZKeywordListsResponse,
  ZKeywordMetricsStatus,
  ZUpdateKeywordListRequest,
} from '../keywords';
import { call } from './call';

/** The keywords calls. */
export const keywordsCalls = {
  getKeywordMetricsProvider: call({
    method: 'GET',
    path: '/api/keywords/metrics-provider',
    response: ZKeywordMetricsStatus,
  }),
  getKeywordIdeas: call({
    method: 'POST',
    path: '/api/keywords/ideas',
    body: ZKeywordIdeasRequest,
    response: ZKeywordIdeasResponse,
  }),
  getKeywordLists: call({ method: 'GET', path: '/api/keywords/lists', response: ZKeywordListsResponse }),
  createKeywordList: call({
    method: 'POST',
    path: '/api/keywords/lists',
    body: ZCreateKeywordListRequest,
    response: ZKeywordListResponse,
    status: 201,
  }),
  getKeywordList: call({
    method: 'GET',
    path: '/api/keywords/lists/:id',
    params: ZKeywordListIdParams,
    response: ZKeywordListDetailResponse,
  }),
  updateKeywordList: call({
    method: 'PUT',
    path: '/api/keywords/lists/:id',
    params: ZKeywordListIdParams,
    body: ZUpdateKeywordListRequest,
    response: ZKeywordListResponse,
  }),
  deleteKeywordList: call({
    method: 'DELETE',
    path: '/api/keywords/lists/:id',
    params: ZKeywordListIdParams,
    response: ZMessageResponse,
  }),
  exportKeywordList: call({
    method: 'GET',
    path: '/api/keywords/lists/:id/export',
    params: ZKeywordListIdParams,
    response: 'file',
  }),
};
