import {
  CALLS,
  GOOGLE_AD_MESSAGES,
  type TCreateGoogleAdRequest,
  type TRegenerateGoogleAdFieldRequest,
  type TUpdateGoogleAdRequest,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { GOOGLE_ADS_KEY } from './google-ads-keys';

/** The form shows a refusal itself; a 402 opens the premium pop-up (the API client does). */
export const useCreateGoogleAd = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateGoogleAdRequest) => callApi(CALLS.createGoogleAd, { body, toastErrors: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GOOGLE_ADS_KEY }),
  });
};

export const useSaveGoogleAd = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TUpdateGoogleAdRequest }) =>
      callApi(CALLS.updateGoogleAd, { params: { id }, body }),
    onSuccess: (ad) => {
      queryClient.setQueryData([...GOOGLE_ADS_KEY, 'one', ad.id], ad);
      toast('success', GOOGLE_AD_MESSAGES.saved);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...GOOGLE_ADS_KEY, 'page'] }),
  });
};

export const useRegenerateGoogleAdField = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number; body: TRegenerateGoogleAdFieldRequest }) =>
      callApi(CALLS.regenerateGoogleAd, { params: { id }, body }),
  });

export const useDeleteGoogleAd = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.deleteGoogleAd, { params: { id } }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GOOGLE_ADS_KEY }),
  });
};
