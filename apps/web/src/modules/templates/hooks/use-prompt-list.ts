import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { PROMPT_LIST_KEY } from './templates-keys';

/** Spec §7 GET /prompts: every prompt in service (name, id, text, purpose), for the Template Editor's list. */
export const usePromptList = () =>
  useQuery({
    queryKey: PROMPT_LIST_KEY,
    queryFn: () => callApi(CALLS.getPrompts, {}),
    select: (data) => data.data,
  });
