import { ZMessageResponse } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';
import { pendingChallenge } from '../../../app/session/pending-challenge';

type TResetInput = { token: string; otp: string; password: string };

/** Sets the new password with the mailed code, then back to sign-in. */
export const useResetPassword = () => {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: TResetInput) =>
      api('/reset_password', { method: 'POST', body: input, schema: ZMessageResponse }),
    onSuccess: ({ message }) => {
      pendingChallenge.clear('reset');
      toast('success', message);
      navigate('/loginpage', { replace: true });
    },
  });
};
