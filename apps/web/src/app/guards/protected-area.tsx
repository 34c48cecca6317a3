import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoader } from '../../ui/full-page-loader';
import { AppLayout } from '../layout/app-layout';
import { useSession } from '../session/session-store';
import { useMe } from '../session/use-me';

/**
 * Spec §2: protected routes need an access token, otherwise /registerPage. The first visit of a
 * page load waits for /api/me so roles and the active flag are the server's, not yesterday's.
 */
export const ProtectedArea = ({ children }: { children?: ReactNode }) => {
  const session = useSession();
  const me = useMe(session !== null);
  if (!session) return <Navigate to="/registerPage" replace />;
  const firstLoad = me.isPending && me.fetchStatus === 'fetching' && me.errorUpdateCount === 0;
  if (firstLoad) return <FullPageLoader />;
  // Confirmation modals (modals.openConfirmModal) exist only in the protected area: their provider
  // loads with it rather than with the sign-in page.
  return (
    <ModalsProvider>
      <AppLayout session={session}>{children}</AppLayout>
    </ModalsProvider>
  );
};
