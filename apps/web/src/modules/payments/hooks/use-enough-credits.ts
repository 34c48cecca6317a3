import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { premiumPopup } from '../../../app/dialogs/premium-popup-store';
import { fetchMe, ME_QUERY_KEY } from '../../../app/session/use-me';

/**
 * Before a paid action offers "Yes": the balance is asked afresh (another tab may have spent or bought
 * credits) and, when it is short of `cost`, the premium pop-up opens instead (spec §6: its button leads
 * to the plan). `check` resolves true when the confirmation may open; a failed call toasts and is false.
 * The server still refuses a short balance with 402: this only spares the person a "Yes" that cannot work.
 */
export const useEnoughCredits = () => {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const check = useCallback(
    async (cost: number): Promise<boolean> => {
      setChecking(true);
      try {
        const me = await queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 0 });
        if (me.credits >= cost) return true;
        premiumPopup.open();
        return false;
      } catch {
        return false;
      } finally {
        setChecking(false);
      }
    },
    [queryClient],
  );
  return { check, checking };
};
