import { Outlet, ScrollRestoration } from 'react-router';
import { PremiumPopup } from '../dialogs/premium-popup';

/** Everything below shares the router, so the premium pop-up can navigate to /plan. */
export const RootLayout = () => (
  <>
    <Outlet />
    <PremiumPopup />
    <ScrollRestoration />
  </>
);
