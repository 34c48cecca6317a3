import { ZMessageResponse } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';

/** Mails a new code for the pending check; the server's answer is shown as it is. */
export const useResendOtp = (token: string | undefined) =>
  useMutation({
    mutationFn: () =>
      api('/resend_otp', { method: 'POST', body: { token: token ?? '' }, schema: ZMessageResponse }),
    onSuccess: ({ message }) => toast('success', message),
  });
