import { Avatar, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useLinkedinUserInfo } from '../hooks/use-integrations';

type TProps = {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onUnlink: () => void;
  onAddNew: () => void;
};

/** Spec §4: a connected LinkedIn tile opens this: the member (GET /get_user_info), "Unlink Account", "Add new Account". */
export const LinkedinAccountDialog = ({ opened, busy, onClose, onUnlink, onAddNew }: TProps) => {
  const info = useLinkedinUserInfo(opened);
  const member = info.data?.data;
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
        <Group justify="flex-end">
          <Button color="red" variant="light" onClick={onUnlink} loading={busy}>
            Unlink Account
          </Button>
          <Button onClick={onAddNew} disabled={busy}>
            Add new Account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
