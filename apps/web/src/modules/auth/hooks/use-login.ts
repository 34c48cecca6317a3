import { CALLS, ZEmail } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { callApi } from '../../../app/api/call-api';
import { useCaptcha } from '../../../app/captcha/use-captcha';
import { pendingChallenge } from '../../../app/session/pending-challenge';
import { useCompleteLogin } from './use-complete-login';

type TLoginInput = { email: string; password: string };

/** Spec §4 login: captcha token, login call; a not-yet-verified account goes to the code screen. */
export const useLogin = () => {
  const captcha = useCaptcha();
  const completeLogin = useCompleteLogin();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ email, password }: TLoginInput) => {
      const captcha_token = await captcha('login');
      return callApi(CALLS.login, { body: { email, password, captcha_token } });
    },
    onSuccess: (login, { email }) => completeLogin(login, ZEmail.parse(email)),
    onError: (error, { email }) => {
      if (isApiError(error) && error.code === 'not_verified' && typeof error.body.token === 'string') {
        pendingChallenge.set('verification', { token: error.body.token, email: ZEmail.parse(email) });
        navigate('/verificationpage');
      }
    },
  });
};
