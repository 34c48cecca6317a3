import { CALLS } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { pendingChallenge } from '../../../app/session/pending-challenge';

type TResetInput = { token: string; otp: string; password: string };

/** Sets the new password with the mailed code, then back to sign-in. */
export const useResetPassword = () => {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: TResetInput) => callApi(CALLS.resetPassword, { body: input }),
    onSuccess: ({ message }) => {
      pendingChallenge.clear('reset');
      toast('success', message);
      navigate('/loginpage', { replace: true });
    },
  });
};
