import { ZMessageResponse } from '../common';
import {
  ZCreateGoogleAdRequest,
  ZGoogleAd,
  ZGoogleAdIdParams,
  ZGoogleAdsQuery,
  ZGoogleAdsResponse,
  ZRegenerateGoogleAdFieldRequest,
  ZRegenerateGoogleAdFieldResponse,
  ZUpdateGoogleAdRequest,
} from '../google-ads';
import { call } from './call';

/** The google ads calls. */
export const googleAdsCalls = {
  createGoogleAd: call({
    method: 'POST',
    path: '/api/google-ads',
    body: ZCreateGoogleAdRequest,
    response: ZGoogleAd,
  }),
  getGoogleAds: call({
    method: 'GET',
    path: '/api/google-ads',
    query: ZGoogleAdsQuery,
    response: ZGoogleAdsResponse,
  }),
  getGoogleAd: call({
    method: 'GET',
    path: '/api/google-ads/:id',
    params: ZGoogleAdIdParams,
    response: ZGoogleAd,
  }),
  updateGoogleAd: call({
    method: 'PUT',
    path: '/api/google-ads/:id',
    params: ZGoogleAdIdParams,
    body: ZUpdateGoogleAdRequest,
    response: ZGoogleAd,
  }),
  regenerateGoogleAd: call({
    method: 'POST',
    path: '/api/google-ads/:id/regenerate',
    params: ZGoogleAdIdParams,
    body: ZRegenerateGoogleAdFieldRequest,
    response: ZRegenerateGoogleAdFieldResponse,
  }),
  deleteGoogleAd: call({
    method: 'DELETE',
    path: '/api/google-ads/:id',
    params: ZGoogleAdIdParams,
    response: ZMessageResponse,
  }),
  getGoogleAdCsv: call({
    method: 'GET',
    path: '/api/google-ads/:id/csv',
    params: ZGoogleAdIdParams,
    response: 'file',
  }),
};
