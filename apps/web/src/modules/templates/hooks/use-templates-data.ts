import { CALLS, TEMPLATE_EDITOR_MESSAGES } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { groupThemes } from '../lib/group-themes';
import { TEMPLATES_DATA_KEY } from './templates-keys';

/**
 * Spec §7 GET /get-templates-data, as theme cards. A load that failed for good (after the client's
 * retry) toasts the spec's "Error fetching theme data" (§8) with the server's reason under it, instead
 * of the client's generic toast.
 */
export const useTemplatesData = () => {
  const query = useQuery({
    queryKey: TEMPLATES_DATA_KEY,
    queryFn: () => callApi(CALLS.getTemplatesData, { toastErrors: false }),
    select: groupThemes,
  });
  const { isError, error, errorUpdatedAt } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure (errorUpdatedAt), not per render
  useEffect(() => {
    if (isError) failureToast(TEMPLATE_EDITOR_MESSAGES.loadFailed, error);
  }, [isError, errorUpdatedAt]);
  return query;
};
