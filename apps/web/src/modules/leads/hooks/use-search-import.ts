import {
  CALLS,
  LINKEDIN_MESSAGES,
  type TLeadImportRequest,
  type TSearchResultRequest,
  type TSearchResultResponse,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../app/api/api-error';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { cookieDialog } from '../../linkedin/hooks/cookie-dialog-store';
import { LI_AT_STATUS_KEY } from '../../linkedin/hooks/use-li-at-status';
import { LEADS_KEY } from './leads-keys';

const isExpired = (error: unknown): boolean =>
  isApiError(error) && (error.code === 'linkedin_session_expired' || error.body.expired === true);

type TImportOptions = {
  onStarted: () => void;
  /** A 400 with the server's reason (a wrong address, …); by default a warning toast. */
  onInvalid?: (message: string) => void;
};

/**
 * Spec §4/§8 LinkedIn imports: success shows the lists page; an expired answer (in the body or the
 * error body) raises the ask-cookie flag; a running automation is a warning; anything else "Error".
 */
const useLinkedInImport = <TInput>(
  send: (input: TInput) => Promise<TSearchResultResponse>,
  { onStarted, onInvalid = (message) => toast('warning', message) }: TImportOptions,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
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
        onInvalid(error.message);
      } else {
        failureToast('Error', error);
      }
    },
  });
};

export const useSearchImport = (options: TImportOptions) =>
  useLinkedInImport(
    (input: TSearchResultRequest) => callApi(CALLS.searchResult, { body: input, toastErrors: false }),
    options,
  );

/** The lead import dialog's call: group members, post reactors, profile network, event attendees. */
export const useLeadImport = (options: TImportOptions) =>
  useLinkedInImport(
    (input: TLeadImportRequest) => callApi(CALLS.leadImport, { body: input, toastErrors: false }),
    options,
  );
