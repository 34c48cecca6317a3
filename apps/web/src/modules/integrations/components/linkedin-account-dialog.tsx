import { Alert, Avatar, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLinkedinUserInfo } from '../hooks/use-integrations';
import { unlinkWarning } from '../lib/unlink-warning';

type TProps = {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onUnlink: () => void;
  onAddNew: () => void;
};

/**
 * Spec §4: a connected LinkedIn tile opens this: the member (GET /get_user_info), "Unlink Account", "Add new
 * Account". When posts still wait for the member, "Unlink Account" first says how many will not be published.
 */
export const LinkedinAccountDialog = ({ opened, busy, onClose, onUnlink, onAddNew }: TProps) => {
  const info = useLinkedinUserInfo(opened);
  const member = info.data?.data;
  const waitingPosts = info.data?.waiting_posts ?? 0;
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!opened) setConfirming(false);
  }, [opened]);

  const unlink = () => {
    if (waitingPosts > 0 && !confirming) setConfirming(true);
    else onUnlink();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="LinkedIn account" centered>
      <Stack gap="md">
        {info.isPending ? (
          <Loader size="sm" aria-label="Loading the LinkedIn account" />
        ) : member ? (
          <Group gap="md">
            <Avatar src={member.picture} alt={member.name} radius="xl" size={56} />
            <div>
              <Text fw={600} data-testid="linkedin-member-name">
                {member.name}
              </Text>
              <Text size="sm" c="dimmed">
                Connected for posting
              </Text>
            </div>
          </Group>
        ) : (
          <Text c="dimmed">The LinkedIn account could not be read.</Text>
        )}
        {confirming && (
          <Alert color="orange" title="Unlink this account?" data-testid="unlink-warning">
            {unlinkWarning(waitingPosts)}
          </Alert>
        )}
        <Group justify="flex-end">
          {confirming ? (
            <>
              <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
                Keep the account
              </Button>
              <Button color="red" onClick={unlink} loading={busy}>
                Unlink anyway
              </Button>
            </>
          ) : (
            <>
              <Button color="red" variant="light" onClick={unlink} loading={busy}>
                Unlink Account
              </Button>
              <Button onClick={onAddNew} disabled={busy}>
                Add new Account
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
};
