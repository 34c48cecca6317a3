import { CALLS, type TMeResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';
import { sessionStore } from './session-store';

export const ME_QUERY_KEY = ['me'] as const;

/** Keeps the stored session in step with the server's view of the account. */
export const syncSessionWithMe = (me: TMeResponse): void => {
  sessionStore.update({
    email: me.email,
    isAdmin: me.isAdmin,
    isActive: me.isActive,
    website_check: me.website_check,
    website_url: me.website_url,
    website_name: me.website_name,
    subscription_type: me.subscription_type,
    credits: me.credits,
    companyName: me.companyName,
    socialMediaConnection: me.socialMediaConnection,
  });
};

export const fetchMe = async (): Promise<TMeResponse> => {
  const me = await callApi(CALLS.getMe, {});
  syncSessionWithMe(me);
  return me;
};

/** A failed load is not repeated by every component that mounts (it would loop with the guard's loader). */
export const useMe = (enabled = true) =>
  useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, enabled, retryOnMount: false });
