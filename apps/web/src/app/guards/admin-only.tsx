import { Outlet } from 'react-router';
import { NotFound } from '../../ui/not-found';
import { useSession } from '../session/session-store';

/** Spec §6: admin routes exist only for admins; everyone else gets "Page Not Found!". */
export const AdminOnly = () => {
  const session = useSession();
  return session?.isAdmin ? <Outlet /> : <NotFound />;
};
