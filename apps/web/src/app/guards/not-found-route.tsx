import { Center } from '@mantine/core';
import { NotFound } from '../../ui/not-found';
import { useSession } from '../session/session-store';
import { ProtectedArea } from './protected-area';

/** Unknown paths: inside the app shell when signed in, on its own page otherwise. */
export const NotFoundRoute = () => {
  const session = useSession();
  if (session) {
    return (
      <ProtectedArea>
        <NotFound homePath={session.isAdmin ? '/admin' : '/'} />
      </ProtectedArea>
    );
  }
  return (
    <Center mih="100vh">
      <NotFound homePath="/loginpage" />
    </Center>
  );
};
