import { ZMessageResponse } from '@sales-assist/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api/api-client';
import { clearLocalState } from '../session/clear-local-state';

/** Spec §4: call logout, clear all stored state, go to /registerPage — even if the call fails. */
export const useLogout = () => {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    try {
      await api('/logout', { method: 'POST', schema: ZMessageResponse, toastErrors: false });
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
