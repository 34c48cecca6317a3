import type { TLoginResponse } from '@sales-assist/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { homeAfterLogin, startSession } from '../../../app/session/session-from-login';

/** After login or verification: store the session, then go to /, /website or /admin (spec §2). */
export const useCompleteLogin = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (login: TLoginResponse, email: string) => {
    queryClient.clear();
    const session = startSession(login, email);
    navigate(homeAfterLogin(session), { replace: true });
  };
};
