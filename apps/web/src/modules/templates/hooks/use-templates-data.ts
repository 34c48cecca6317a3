import { TEMPLATE_EDITOR_MESSAGES, ZTemplatesDataResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { failureToast } from '../../../app/api/failure-toast';
import { groupThemes } from '../lib/group-themes';
import { TEMPLATES_DATA_KEY } from './templates-keys';

/**
 * Spec §7 GET /get-templates-data, as theme cards. A failed load toasts the spec's "Error fetching
 * theme data" (§8) with the server's reason under it, instead of the client's generic toast.
 */
export const useTemplatesData = () =>
  useQuery({
    queryKey: TEMPLATES_DATA_KEY,
    queryFn: async () => {
      try {
        return await api('/get-templates-data', { schema: ZTemplatesDataResponse, toastErrors: false });
      } catch (error) {
        failureToast(TEMPLATE_EDITOR_MESSAGES.loadFailed, error);
        throw error;
      }
    },
    select: groupThemes,
  });
