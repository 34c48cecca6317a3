import { CALLS, ZEmail } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { useCaptcha } from '../../../app/captcha/use-captcha';
import { pendingChallenge } from '../../../app/session/pending-challenge';

/** /getotp: mails a reset code, then the code-and-new-password screen. */
export const useForgotPassword = () => {
  const captcha = useCaptcha();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (email: string) => {
      const captcha_token = await captcha('forgot_password');
      return callApi(CALLS.forgotPassword, { body: { email, captcha_token } });
    },
    onSuccess: ({ token }, email) => {
      pendingChallenge.set('reset', { token, email: ZEmail.parse(email) });
      toast('success', 'OTP Sent!');
      navigate('/changepassword');
    },
  });
};
