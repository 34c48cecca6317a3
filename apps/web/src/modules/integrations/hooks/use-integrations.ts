import {
  type TGenTokenRequest,
  type TWordpressRequest,
  ZConnectedResponse,
  ZIntegrationsConfigResponse,
  ZIntegrationsResponse,
  ZLinkedinAuthorizeResponse,
  ZMessageResponse,
  ZUserInfoResponse,
} from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';

export const INTEGRATIONS_KEY = ['integrations'] as const;
const USER_INFO_KEY = ['integrations', 'linkedin-user'] as const;

/** GET /getintegrations: the tiles' flags and which ask to reconnect. */
export const useIntegrations = () =>
  useQuery({
    queryKey: INTEGRATIONS_KEY,
    queryFn: () => api('/getintegrations', { schema: ZIntegrationsResponse }),
    staleTime: 0,
  });

/** The Facebook SDK's URL, app id and Graph version (the sandbox's stand-in when Meta is simulated). */
export const useIntegrationsConfig = () =>
  useQuery({
    queryKey: ['integrations', 'config'],
    queryFn: () => api('/integrations/config', { schema: ZIntegrationsConfigResponse }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The connected LinkedIn member's name and picture, and the posts waiting for it (the dialog of a connected
 * LinkedIn tile). The dialog says itself when the member cannot be read, so no toast.
 */
export const useLinkedinUserInfo = (enabled: boolean) =>
  useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: () => api('/get_user_info', { schema: ZUserInfoResponse, toastErrors: false }),
    enabled,
    staleTime: 0,
  });

export const linkedinAuthorizeUrl = () =>
  api('/integrations/linkedin/authorize', { schema: ZLinkedinAuthorizeResponse, toastErrors: false });

/**
 * The tiles' flags only (exact): the member dialog reads its own on opening, and asking for the member
 * right after an unlink would only answer "No LinkedIn account is connected" beside "Unlinked Successfully!".
 */
const useRefreshIntegrations = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY, exact: true });
};

/** POST /gentoken: the LinkedIn code (with its state) or the Facebook login's token. The caller toasts. */
export const useSendToken = () => {
  const refresh = useRefreshIntegrations();
  return useMutation({
    mutationFn: (body: TGenTokenRequest) =>
      api('/gentoken', { method: 'POST', body, schema: ZConnectedResponse, toastErrors: false }),
    onSettled: refresh,
  });
};

export const useUnlinkLinkedin = () => {
  const refresh = useRefreshIntegrations();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api('/gentoken', {
        method: 'DELETE',
        body: { social_media: 'linkedin' },
        schema: ZMessageResponse,
        toastErrors: false,
      }),
    // The unlinked member is gone: the next dialog starts without it.
    onSuccess: () => queryClient.removeQueries({ queryKey: USER_INFO_KEY }),
    onSettled: refresh,
  });
};

export const useConnectWordpress = () => {
  const refresh = useRefreshIntegrations();
  return useMutation({
    mutationFn: (body: TWordpressRequest) =>
      api('/wordpress', { method: 'POST', body, schema: ZConnectedResponse, toastErrors: false }),
    onSettled: refresh,
  });
};
