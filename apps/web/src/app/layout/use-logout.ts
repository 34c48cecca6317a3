import { CALLS } from '@sales-assist/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { callApi } from '../api/call-api';
import { clearLocalState } from '../session/clear-local-state';

/** Spec §4: call logout, clear all stored state, go to /registerPage — even if the call fails. */
export const useLogout = () => {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    try {
      await callApi(CALLS.logout, { toastErrors: false });
    } catch {
      // The session ends locally either way.
    } finally {
      clearLocalState();
      setPending(false);
      navigate('/registerPage', { replace: true });
    }
  };
  return { logout, pending };
};
