import { ZHistoryDuplicateResponse, ZMessageResponse } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';

/** Every list of generated things (History, Blogs, LinkedIn posts) may show the item: all refresh. */
const refreshAll = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries();

export const useDuplicateItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api(`/history/${id}/duplicate`, { method: 'POST', schema: ZHistoryDuplicateResponse }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => refreshAll(queryClient),
  });
};

export const useDeleteItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/history/${id}`, { method: 'DELETE', schema: ZMessageResponse }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => refreshAll(queryClient),
  });
};
