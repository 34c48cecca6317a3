import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { homeAfterLogin } from '../../../app/session/session-from-login';
import { sessionStore } from '../../../app/session/session-store';
import { fetchMe } from '../../../app/session/use-me';
import { FullPageLoader } from '../../../ui/full-page-loader';

/** /loader: restores the stored session against the server, then goes where it belongs. */
export const LoaderPage = () => {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    const restore = async () => {
      if (sessionStore.get()) await fetchMe().catch(() => undefined);
      if (cancelled) return;
      const session = sessionStore.get();
      navigate(session ? homeAfterLogin(session) : '/registerPage', { replace: true });
    };
    void restore();
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return <FullPageLoader />;
};
