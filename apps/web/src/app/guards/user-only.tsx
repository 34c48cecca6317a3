import { Navigate, Outlet } from 'react-router';
import { useSession } from '../session/session-store';

/** Spec §2/§6: admins are redirected to /admin from the user dashboard. */
export const UserOnly = () => {
  const session = useSession();
  return session?.isAdmin ? <Navigate to="/admin" replace /> : <Outlet />;
};
