import { ZFetchAllListsResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { LIST_OPTIONS_KEY } from './leads-keys';

/** Every list, for the "Select a list to import to" dropdowns. */
export const useListOptions = () =>
  useQuery({
    queryKey: LIST_OPTIONS_KEY,
    queryFn: () => api('/linkedinAI/fetch_all_lists', { schema: ZFetchAllListsResponse }),
    staleTime: 0,
  });
