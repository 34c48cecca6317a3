import { useEffect } from 'react';
import { cookieDialog } from './cookie-dialog-store';
import { useLiAtStatus } from './use-li-at-status';

/**
 * Spec §4: while the person is in the Outreach section the session is checked every 60 s and each
 * check that says expired opens the li_at dialog. After Skip it stays closed until the next such check.
 */
export const useExpiryWatch = (): void => {
  const { data, dataUpdatedAt } = useLiAtStatus({ poll: true });
  const expired = data?.expired === true;
  // Keyed on dataUpdatedAt: every new answer is a new check, even when it says expired again.
  useEffect(() => {
    if (expired && dataUpdatedAt > 0) cookieDialog.open();
  }, [expired, dataUpdatedAt]);
};
