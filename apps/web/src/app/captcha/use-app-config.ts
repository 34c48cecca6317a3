import { type TAppConfigResponse, ZAppConfigResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/api-client';

export const appConfigQuery = {
  queryKey: ['config'] as const,
  queryFn: (): Promise<TAppConfigResponse> =>
    api('/config', { schema: ZAppConfigResponse, toastErrors: false }),
  staleTime: Number.POSITIVE_INFINITY,
};

export const useAppConfig = () => useQuery(appConfigQuery);
