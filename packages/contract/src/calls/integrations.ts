import { ZMessageResponse } from '../common';
import {
  ZConnectedResponse,
  ZGenTokenRequest,
  ZIntegrationsConfigResponse,
  ZIntegrationsResponse,
  ZLinkedinAuthorizeResponse,
  ZUnlinkRequest,
  ZUserInfoResponse,
  ZWordpressRequest,
} from '../integrations';
import { call } from './call';

/** The integrations calls. */
export const integrationsCalls = {
  getIntegrations: call({ method: 'GET', path: '/api/getintegrations', response: ZIntegrationsResponse }),
  getIntegrationsConfig: call({
    method: 'GET',
    path: '/api/integrations/config',
    response: ZIntegrationsConfigResponse,
  }),
  authorizeLinkedinIntegration: call({
    method: 'GET',
    path: '/api/integrations/linkedin/authorize',
    response: ZLinkedinAuthorizeResponse,
  }),
  genToken: call({
    method: 'POST',
    path: '/api/gentoken',
    body: ZGenTokenRequest,
    response: ZConnectedResponse,
  }),
  deleteGenToken: call({
    method: 'DELETE',
    path: '/api/gentoken',
    body: ZUnlinkRequest,
    response: ZMessageResponse,
  }),
  connectWordpress: call({
    method: 'POST',
    path: '/api/wordpress',
    body: ZWordpressRequest,
    response: ZConnectedResponse,
  }),
  getUserInfo: call({ method: 'GET', path: '/api/get_user_info', response: ZUserInfoResponse }),
};
