import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';

export const ADMIN_PROMPTS_KEY = ['admin', 'prompts'] as const;

/** Every prompt, retired ones too (a few dozen at most: filtered on the page). */
export const useAdminPrompts = () =>
  useQuery({
    queryKey: ADMIN_PROMPTS_KEY,
    queryFn: () => callApi(CALLS.getAdminPrompts, {}),
    select: (data) => data.prompts,
  });

/** A prompt's history, newest first (the current text first). */
export const usePromptVersions = (id: number | null) =>
  useQuery({
    queryKey: [...ADMIN_PROMPTS_KEY, id, 'versions'],
    queryFn: () => callApi(CALLS.getAdminPromptVersions, { params: { id } }),
    select: (data) => data.versions,
    enabled: id !== null,
  });
