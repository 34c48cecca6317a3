import { Badge, Button, Group, Skeleton } from '@mantine/core';
import { IconBrandLinkedin, IconPlugConnected } from '@tabler/icons-react';
import { cookieDialog } from '../hooks/cookie-dialog-store';
import { useLiAtStatus } from '../hooks/use-li-at-status';
import { SandboxBadge } from './sandbox-badge';

/** The Outreach header's LinkedIn line: sandbox notice, the connected member, or a way to connect. */
export const LinkedInConnection = () => {
  const status = useLiAtStatus();
  if (status.isPending) return <Skeleton h={30} w={220} radius="xl" />;
  if (!status.data) return null;
  const { sandbox, connected, expired, name } = status.data;
  return (
    <Group gap="sm" wrap="wrap" justify="flex-end">
      {sandbox && <SandboxBadge />}
      {connected && !expired ? (
        <Badge
          size="lg"
          variant="light"
          color="teal"
          leftSection={<IconPlugConnected size={14} />}
          style={{ textTransform: 'none' }}
        >
          LinkedIn: {name ?? 'connected'}
        </Badge>
      ) : (
        <Button
          size="xs"
          variant={expired ? 'filled' : 'light'}
          color={expired ? 'red' : 'blue'}
          leftSection={<IconBrandLinkedin size={16} />}
          onClick={cookieDialog.open}
        >
          {expired ? 'LinkedIn session expired: reconnect' : 'Connect LinkedIn'}
        </Button>
      )}
    </Group>
  );
};
