import { CALLS, GOOGLE_ADS_PAGE_SIZE } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { GOOGLE_ADS_KEY } from './google-ads-keys';

/** One page of saved ads (one-based), newest first; also says which writer new ads get. */
export const useGoogleAds = (page: number) =>
  useQuery({
    queryKey: [...GOOGLE_ADS_KEY, 'page', page],
    queryFn: () => callApi(CALLS.getGoogleAds, { query: { page, limit: GOOGLE_ADS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useGoogleAd = (id: number | null) =>
  useQuery({
    queryKey: [...GOOGLE_ADS_KEY, 'one', id],
    queryFn: () => callApi(CALLS.getGoogleAd, { params: { id }, toastErrors: false }),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
