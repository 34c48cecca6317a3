import { ZLoginResponse } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { pendingChallenge, type TPendingChallenge } from '../../../app/session/pending-challenge';
import { useCompleteLogin } from './use-complete-login';

/** Checks the mailed code; a right code signs the person in. */
export const useVerifyOtp = (challenge: TPendingChallenge | null) => {
  const completeLogin = useCompleteLogin();
  return useMutation({
    mutationFn: (otp: string) =>
      api('/verify_otp', {
        method: 'POST',
        body: { token: challenge?.token ?? '', otp },
        schema: ZLoginResponse,
      }),
    onSuccess: (login) => {
      if (!challenge) return;
      pendingChallenge.clear('verification');
      completeLogin(login, challenge.email);
    },
  });
};
