import {
  type TCreateKeywordListRequest,
  type TUpdateKeywordListRequest,
  ZKeywordList,
  ZKeywordListResponse,
  ZKeywordListsResponse,
  ZMessageResponse,
} from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';
import { KEYWORD_LISTS_KEY, keywordListKey } from './keywords-keys';

/** The user's saved keyword lists, newest first. */
export const useKeywordLists = () =>
  useQuery({
    queryKey: KEYWORD_LISTS_KEY,
    queryFn: async () => (await api('/keywords/lists', { schema: ZKeywordListsResponse })).lists,
  });

/** One list with its keywords (null: none asked for). */
export const useKeywordList = (id: number | null) =>
  useQuery({
    queryKey: keywordListKey(id ?? 0),
    enabled: id !== null,
    queryFn: async () =>
      (await api(`/keywords/lists/${id}`, { schema: z.object({ list: ZKeywordList }) })).list,
  });

/** Reads one list now (the pickers of other screens fill keywords from it). */
export const fetchKeywordList = async (id: number) =>
  (await api(`/keywords/lists/${id}`, { schema: z.object({ list: ZKeywordList }) })).list;

const useRefreshLists = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEYWORD_LISTS_KEY });
};

export const useCreateKeywordList = () => {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (request: TCreateKeywordListRequest) =>
      api('/keywords/lists', { method: 'POST', body: request, schema: ZKeywordListResponse }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: refresh,
  });
};

export const useUpdateKeywordList = () => {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, ...request }: TUpdateKeywordListRequest & { id: number }) =>
      api(`/keywords/lists/${id}`, { method: 'PUT', body: request, schema: ZKeywordListResponse }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: refresh,
  });
};

export const useDeleteKeywordList = () => {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: number) => api(`/keywords/lists/${id}`, { method: 'DELETE', schema: ZMessageResponse }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: refresh,
  });
};
