import { CALLS } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';

/** Mails a new code for the pending check; the server's answer is shown as it is. */
export const useResendOtp = (token: string | undefined) =>
  useMutation({
    mutationFn: () => callApi(CALLS.resendOtp, { body: { token: token ?? '' } }),
    onSuccess: ({ message }) => toast('success', message),
  });
