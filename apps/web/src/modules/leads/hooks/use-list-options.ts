import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { LIST_OPTIONS_KEY } from './leads-keys';

/** Every list, for the "Select a list to import to" dropdowns. */
export const useListOptions = () =>
  useQuery({
    queryKey: LIST_OPTIONS_KEY,
    queryFn: () => callApi(CALLS.fetchAllLists, {}),
    staleTime: 0,
  });
