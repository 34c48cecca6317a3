import { CALLS } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { pendingChallenge, type TPendingChallenge } from '../../../app/session/pending-challenge';
import { useCompleteLogin } from './use-complete-login';

/** Checks the mailed code; a right code signs the person in. */
export const useVerifyOtp = (challenge: TPendingChallenge | null) => {
  const completeLogin = useCompleteLogin();
  return useMutation({
    mutationFn: (otp: string) => callApi(CALLS.verifyOtp, { body: { token: challenge?.token ?? '', otp } }),
    onSuccess: (login) => {
      if (!challenge) return;
      pendingChallenge.clear('verification');
      completeLogin(login, challenge.email);
    },
  });
};
