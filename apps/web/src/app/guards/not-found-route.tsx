import { Center } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../../ui/full-page-loader';
import { NotFound } from '../../ui/not-found';
import { useSession } from '../session/session-store';

const ProtectedArea = lazy(async () => ({ default: (await import('./protected-area')).ProtectedArea }));

/** Unknown paths: inside the app shell when signed in, on its own page otherwise. */
export const NotFoundRoute = () => {
  const session = useSession();
  if (session) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <ProtectedArea>
          <NotFound homePath={session.isAdmin ? '/admin' : '/'} />
        </ProtectedArea>
      </Suspense>
    );
  }
  return (
    <Center mih="100vh">
      <NotFound homePath="/loginpage" />
    </Center>
  );
};
