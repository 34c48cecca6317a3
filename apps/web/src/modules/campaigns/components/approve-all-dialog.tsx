import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';

type TApproveAllDialogProps = {
  opened: boolean;
  loading: boolean;
  onApprove: () => void;
  onClose: () => void;
};

/** Spec §4 Approve All dialog: "Approve All" or "No Go Back". */
export const ApproveAllDialog = ({ opened, loading, onApprove, onClose }: TApproveAllDialogProps) => (
  <Modal
    opened={opened}
    onClose={() => !loading && onClose()}
    centered
    radius="lg"
    title={
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={36} radius="xl" variant="light" color="teal">
          <IconChecks size={20} />
        </ThemeIcon>
        <Text fw={700}>Approve All Messages</Text>
      </Group>
    }
  >
    <Stack gap="md">
      <Text size="sm">
        Do you want to approve all communication messages of all leads in one go? Only approved messages are
        ever sent.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={loading}>
          No Go Back
        </Button>
        <Button color="teal" onClick={onApprove} loading={loading} data-autofocus>
          Approve All
        </Button>
      </Group>
    </Stack>
  </Modal>
);
