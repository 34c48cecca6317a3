import { ZInputResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { inputKey } from './inputs-keys';

/** One input with its whole text; only fetched while `id` is set (a viewer is open). */
export const useInput = (id: number | null) =>
  useQuery({
    queryKey: inputKey(id ?? 0),
    queryFn: async () => (await api(`/inputs/${id}`, { schema: ZInputResponse })).input,
    enabled: id !== null,
  });
