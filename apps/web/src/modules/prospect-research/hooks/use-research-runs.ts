import { CALLS, type TResearchRun } from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../app/api/api-error';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { cookieDialog } from '../../linkedin/hooks/cookie-dialog-store';
import { RESEARCH_KEY, RESEARCH_RUNS_KEY } from './research-keys';

/** A run still moving is read again every few seconds; a finished one is left alone. */
const inMotion = (runs: TResearchRun[] | undefined) => runs?.some((run) => run.state === 'running') ?? false;

/** The user's last list research runs with their progress. */
export const useResearchRuns = () =>
  useQuery({
    queryKey: RESEARCH_RUNS_KEY,
    queryFn: async () => (await callApi(CALLS.researchRuns, {})).runs,
    refetchInterval: (query) => (inMotion(query.state.data) ? 3_000 : 30_000),
  });

/** Starts researching a whole list in the background. */
export const useResearchList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listId: number) => callApi(CALLS.researchList, { params: { id: listId } }),
    onSuccess: (run) => {
      toast('success', `Researching the ${run.total} leads of ${run.list_name} in the background.`);
      void queryClient.invalidateQueries({ queryKey: RESEARCH_KEY });
    },
    onError: (error) => {
      if (isApiError(error) && error.body.expired === true) cookieDialog.open();
    },
  });
};
