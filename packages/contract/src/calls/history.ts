import { ZMessageResponse } from '../common';
import { ZHistoryDuplicateResponse, ZHistoryIdParams, ZHistoryQuery, ZHistoryResponse } from '../history';
import { call } from './call';

/** The history calls. */
export const historyCalls = {
  getHistory: call({ method: 'GET', path: '/api/history', query: ZHistoryQuery, response: ZHistoryResponse }),
  duplicateHistoryItem: call({
    method: 'POST',
    path: '/api/history/:id/duplicate',
    params: ZHistoryIdParams,
    response: ZHistoryDuplicateResponse,
  }),
  deleteHistoryItem: call({
    method: 'DELETE',
    path: '/api/history/:id',
    params: ZHistoryIdParams,
    response: ZMessageResponse,
  }),
};
