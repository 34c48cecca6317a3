import { Text } from '@mantine/core';
import { useSession } from '../app/session/session-store';

/**
 * The setting that turns a missing feature on, for administrators only: the people who use the app read
 * plain words ("ask your administrator"), the one who runs the server reads how.
 */
export const AdminSetupHint = ({ hint }: { hint: string }) => {
  const session = useSession();
  if (!session?.isAdmin) return null;
  return (
    <Text size="xs" c="dimmed" mt={4} data-testid="admin-setup-hint">
      {hint}
    </Text>
  );
};
