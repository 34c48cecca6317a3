import { CALLS, type TAppConfigResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';

export const appConfigQuery = {
  queryKey: ['config'] as const,
  queryFn: (): Promise<TAppConfigResponse> => callApi(CALLS.getConfig, { toastErrors: false }),
  staleTime: Number.POSITIVE_INFINITY,
};

export const useAppConfig = () => useQuery(appConfigQuery);
