import { GOOGLE_ADS_PAGE_SIZE, ZGoogleAd, ZGoogleAdsResponse } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { GOOGLE_ADS_KEY } from './google-ads-keys';

/** One page of saved ads (one-based), newest first; also says which writer new ads get. */
export const useGoogleAds = (page: number) =>
  useQuery({
    queryKey: [...GOOGLE_ADS_KEY, 'page', page],
    queryFn: () =>
      api('/google-ads', { query: { page, limit: GOOGLE_ADS_PAGE_SIZE }, schema: ZGoogleAdsResponse }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useGoogleAd = (id: number | null) =>
  useQuery({
    queryKey: [...GOOGLE_ADS_KEY, 'one', id],
    queryFn: () => api(`/google-ads/${id}`, { schema: ZGoogleAd, toastErrors: false }),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
