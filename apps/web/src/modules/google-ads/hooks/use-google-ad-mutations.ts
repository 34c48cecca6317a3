import {
  GOOGLE_AD_MESSAGES,
  type TCreateGoogleAdRequest,
  type TRegenerateGoogleAdFieldRequest,
  type TUpdateGoogleAdRequest,
  ZGoogleAd,
  ZMessageResponse,
  ZRegenerateGoogleAdFieldResponse,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';
import { GOOGLE_ADS_KEY } from './google-ads-keys';

/** The form shows a refusal itself; a 402 opens the premium pop-up (the API client does). */
export const useCreateGoogleAd = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateGoogleAdRequest) =>
      api('/google-ads', { method: 'POST', body, schema: ZGoogleAd, toastErrors: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GOOGLE_ADS_KEY }),
  });
};

export const useSaveGoogleAd = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TUpdateGoogleAdRequest }) =>
      api(`/google-ads/${id}`, { method: 'PUT', body, schema: ZGoogleAd }),
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
      api(`/google-ads/${id}/regenerate`, { method: 'POST', body, schema: ZRegenerateGoogleAdFieldResponse }),
  });

export const useDeleteGoogleAd = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/google-ads/${id}`, { method: 'DELETE', schema: ZMessageResponse }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GOOGLE_ADS_KEY }),
  });
};
