import { CALLS, type TAdminAiModelResponse, type TAdminAiModelTestRequest } from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';

export const ADMIN_AI_MODEL_KEY = ['admin', 'ai-model'] as const;

/** While a download runs (here or in `npm run model:pull`), its progress is read every second. */
const POLL_MS = 1_000;

const isMoving = (status: TAdminAiModelResponse | undefined): boolean =>
  status?.built_in.download.state === 'running' || Boolean(status?.built_in.download.elsewhere);

/** Who serves each purpose of the AI, and the built-in model's file and download (GET /api/admin/ai-model). */
export const useAdminAiModel = () =>
  useQuery({
    queryKey: ADMIN_AI_MODEL_KEY,
    queryFn: () => callApi(CALLS.getAdminAiModel, {}),
    refetchInterval: (query) => (isMoving(query.state.data) ? POLL_MS : false),
  });

/** The start, cancel and delete calls answer the new status: it replaces the cached one at once. */
const useStatusMutation = (call: () => Promise<TAdminAiModelResponse>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (status) => client.setQueryData(ADMIN_AI_MODEL_KEY, status),
    onError: () => client.invalidateQueries({ queryKey: ADMIN_AI_MODEL_KEY }),
  });
};

export const useStartModelDownload = () =>
  useStatusMutation(() => callApi(CALLS.startAdminAiModelDownload, {}));

export const useCancelModelDownload = () =>
  useStatusMutation(() => callApi(CALLS.cancelAdminAiModelDownload, {}));

export const useDeleteModelFile = () => useStatusMutation(() => callApi(CALLS.deleteAdminAiModelFile, {}));

/** A short prompt through the model that writes content; a model's failure is an answer, not an error. */
export const useTestModel = () =>
  useMutation({
    mutationFn: (body: TAdminAiModelTestRequest) => callApi(CALLS.testAdminAiModel, { body }),
  });
