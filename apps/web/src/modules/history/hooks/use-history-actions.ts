import { CALLS } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';

/** Every list of generated things (History, Blogs, LinkedIn posts) may show the item: all refresh. */
const refreshAll = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries();

export const useDuplicateItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.duplicateHistoryItem, { params: { id } }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => refreshAll(queryClient),
  });
};

export const useDeleteItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.deleteHistoryItem, { params: { id } }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => refreshAll(queryClient),
  });
};
