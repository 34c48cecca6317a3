import { LINKEDIN_MESSAGES, type TSearchResultRequest, ZSearchResultResponse } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { isApiError } from '../../../app/api/api-error';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { cookieDialog } from '../../linkedin/hooks/cookie-dialog-store';
import { LI_AT_STATUS_KEY } from '../../linkedin/hooks/use-li-at-status';
import { LEADS_KEY } from './leads-keys';

const isExpired = (error: unknown): boolean =>
  isApiError(error) && (error.code === 'linkedin_session_expired' || error.body.expired === true);

/**
 * Spec §4/§8 search import: success shows the lists page; an expired answer (in the body or the
 * error body) raises the ask-cookie flag; a running automation is a warning; anything else "Error".
 */
export const useSearchImport = ({ onStarted }: { onStarted: () => void }) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSearchResultRequest) =>
      api('/linkedinAI/search_result', {
        method: 'POST',
        body: input,
        schema: ZSearchResultResponse,
        toastErrors: false,
      }),
    onSuccess: async ({ message, expired }) => {
      if (expired) {
        cookieDialog.open();
        await queryClient.invalidateQueries({ queryKey: LI_AT_STATUS_KEY });
        return;
      }
      toast('success', message);
      await queryClient.invalidateQueries({ queryKey: LEADS_KEY });
      onStarted();
    },
    onError: (error) => {
      if (isExpired(error)) {
        cookieDialog.open();
        void queryClient.invalidateQueries({ queryKey: LI_AT_STATUS_KEY });
      } else if (isApiError(error) && error.code === 'automation_in_progress') {
        toast('warning', LINKEDIN_MESSAGES.automationInProgress);
      } else if (isApiError(error) && error.status === 400) {
        // Validation: the server names what is wrong ("Invalid Linkedin Seach URL", …).
        toast('warning', error.message);
      } else {
        failureToast('Error', error);
      }
    },
  });
};
