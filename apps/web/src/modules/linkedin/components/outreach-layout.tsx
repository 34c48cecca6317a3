import { Outlet } from 'react-router';
import { useExpiryWatch } from '../hooks/use-expiry-watch';
import { LiAtDialog } from './li-at-dialog';

/**
 * Route layout of the Outreach section (/leads, /campaigns): checks the LinkedIn session every
 * 60 s while the person is here, and holds the li_at dialog.
 */
export const OutreachLayout = () => {
  useExpiryWatch();
  return (
    <>
      <Outlet />
      <LiAtDialog />
    </>
  );
};
