import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { inputKey } from './inputs-keys';

/** One input with its whole text; only fetched while `id` is set (a viewer is open). */
export const useInput = (id: number | null) =>
  useQuery({
    queryKey: inputKey(id ?? 0),
    queryFn: async () => (await callApi(CALLS.getInput, { params: { id } })).input,
    enabled: id !== null,
  });
