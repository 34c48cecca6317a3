import { CALLS, type TGenTokenRequest, type TWordpressRequest } from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';

export const INTEGRATIONS_KEY = ['integrations'] as const;
const USER_INFO_KEY = ['integrations', 'linkedin-user'] as const;

/** GET /getintegrations: the tiles' flags and which ask to reconnect. */
export const useIntegrations = () =>
  useQuery({
    queryKey: INTEGRATIONS_KEY,
    queryFn: () => callApi(CALLS.getIntegrations, {}),
    staleTime: 0,
  });

/** The Facebook SDK's URL, app id and Graph version (the sandbox's stand-in when Meta is simulated). */
export const useIntegrationsConfig = () =>
  useQuery({
    queryKey: ['integrations', 'config'],
    queryFn: () => callApi(CALLS.getIntegrationsConfig, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The connected LinkedIn member's name and picture, and the posts waiting for it (the dialog of a connected
 * LinkedIn tile). The dialog says itself when the member cannot be read, so no toast.
 */
export const useLinkedinUserInfo = (enabled: boolean) =>
  useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: () => callApi(CALLS.getUserInfo, { toastErrors: false }),
    enabled,
    staleTime: 0,
  });

export const linkedinAuthorizeUrl = () => callApi(CALLS.authorizeLinkedinIntegration, { toastErrors: false });

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
    mutationFn: (body: TGenTokenRequest) => callApi(CALLS.genToken, { body, toastErrors: false }),
    onSettled: refresh,
  });
};

export const useUnlinkLinkedin = () => {
  const refresh = useRefreshIntegrations();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi(CALLS.deleteGenToken, { body: { social_media: 'linkedin' }, toastErrors: false }),
    // The unlinked member is gone: the next dialog starts without it.
    onSuccess: () => queryClient.removeQueries({ queryKey: USER_INFO_KEY }),
    onSettled: refresh,
  });
};

export const useConnectWordpress = () => {
  const refresh = useRefreshIntegrations();
  return useMutation({
    mutationFn: (body: TWordpressRequest) => callApi(CALLS.connectWordpress, { body, toastErrors: false }),
    onSettled: refresh,
  });
};
