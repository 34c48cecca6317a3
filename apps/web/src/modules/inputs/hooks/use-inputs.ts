import { CALLS, type TInputKind } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { inputsListKey } from './inputs-keys';

/** One page of the caller's texts or images, newest first (`page` is one-based here, zero-based on the wire). */
export const useInputs = ({
  kind,
  page,
  limit,
  enabled = true,
}: {
  kind: TInputKind;
  page: number;
  limit: number;
  enabled?: boolean;
}) =>
  useQuery({
    queryKey: [...inputsListKey(kind), { page, limit }],
    queryFn: async () => {
      try {
        return await callApi(CALLS.getInputs, { query: { kind, page: page - 1, limit }, toastErrors: false });
      } catch (error) {
        failureToast(kind === 'text' ? "Can't load your texts" : "Can't load your images", error);
        throw error;
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });
