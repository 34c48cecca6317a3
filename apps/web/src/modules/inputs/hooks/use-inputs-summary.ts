import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { INPUTS_SUMMARY_KEY } from './inputs-keys';

/** How many texts and images the caller has (the /inputs overview). */
export const useInputsSummary = () =>
  useQuery({
    queryKey: INPUTS_SUMMARY_KEY,
    queryFn: () => callApi(CALLS.getInputsSummary, {}),
  });
