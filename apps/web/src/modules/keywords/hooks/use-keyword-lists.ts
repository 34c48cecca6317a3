import {
  CALLS,
  type TCreateKeywordListRequest,
  type TUpdateKeywordListRequest,
} from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { KEYWORD_LISTS_KEY, keywordListKey } from './keywords-keys';

/** The user's saved keyword lists, newest first. */
export const useKeywordLists = () =>
  useQuery({
    queryKey: KEYWORD_LISTS_KEY,
    queryFn: async () => (await callApi(CALLS.getKeywordLists, {})).lists,
  });

/** One list with its keywords (null: none asked for). */
export const useKeywordList = (id: number | null) =>
  useQuery({
    queryKey: keywordListKey(id ?? 0),
    enabled: id !== null,
    queryFn: async () => (await callApi(CALLS.getKeywordList, { params: { id: id ?? 0 } })).list, // asked only with a list (enabled)
  });

/** Reads one list now (the pickers of other screens fill keywords from it). */
export const fetchKeywordList = async (id: number) =>
  (await callApi(CALLS.getKeywordList, { params: { id } })).list;

const useRefreshLists = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEYWORD_LISTS_KEY });
};

export const useCreateKeywordList = () => {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (request: TCreateKeywordListRequest) => callApi(CALLS.createKeywordList, { body: request }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: refresh,
  });
};

export const useUpdateKeywordList = () => {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, ...request }: TUpdateKeywordListRequest & { id: number }) =>
      callApi(CALLS.updateKeywordList, { params: { id }, body: request }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: refresh,
  });
};

export const useDeleteKeywordList = () => {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.deleteKeywordList, { params: { id } }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: refresh,
  });
};
