import { ZChallengeResponse, ZEmail } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../app/api/api-client';
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
      return api('/register', {
        method: 'POST',
        body: { email, password, captcha_token, subscription_type: 'Premium' },
        schema: ZChallengeResponse,
      });
    },
    onSuccess: ({ token }, { email }) => {
      pendingChallenge.set('verification', { token, email: ZEmail.parse(email) });
      toast('success', 'OTP Sent!');
      navigate('/verificationpage');
    },
  });
};
