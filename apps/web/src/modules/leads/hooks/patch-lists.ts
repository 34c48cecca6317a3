import type { TList } from '@sales-assist/contract';
import type { QueryClient } from '@tanstack/react-query';
import { LISTS_KEY } from './leads-keys';

type TListsData = { lists: TList[] } | undefined;

/** Applies a change to one list in every cached page and search result. */
export const patchCachedList = (queryClient: QueryClient, id: number, patch: Partial<TList>): void => {
  queryClient.setQueriesData<TListsData>({ queryKey: LISTS_KEY }, (data) =>
    data
      ? { ...data, lists: data.lists.map((list) => (list.id === id ? { ...list, ...patch } : list)) }
      : data,
  );
};
