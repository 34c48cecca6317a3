import { CALLS, ZEmail } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { useCaptcha } from '../../../app/captcha/use-captcha';
import { pendingChallenge } from '../../../app/session/pending-challenge';

type TRegisterInput = { email: string; password: string };

/** Spec §4 sign-up: captcha, register (as Premium, spec §6), "OTP Sent!", the code screen. */
export const useRegister = () => {
  const captcha = useCaptcha();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ email, password }: TRegisterInput) => {
      const captcha_token = await captcha('register');
      return callApi(CALLS.register, {
        body: { email, password, captcha_token, subscription_type: 'Premium' },
      });
    },
    onSuccess: ({ token }, { email }) => {
      pendingChallenge.set('verification', { token, email: ZEmail.parse(email) });
      toast('success', 'OTP Sent!');
      navigate('/verificationpage');
    },
  });
};
