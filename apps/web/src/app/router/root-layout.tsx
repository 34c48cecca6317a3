import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { usePremiumPopupOpen } from '../dialogs/premium-popup-store';

// Loaded the first time a 402 opens it: the public pages never need the modal's code.
const PremiumPopup = lazy(async () => ({ default: (await import('../dialogs/premium-popup')).PremiumPopup }));

/** Everything below shares the router, so the premium pop-up can navigate to /plan. */
export const RootLayout = () => {
  const premiumOpen = usePremiumPopupOpen();
  return (
    <>
      <Outlet />
      {premiumOpen && (
        <Suspense fallback={null}>
          <PremiumPopup />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
};
