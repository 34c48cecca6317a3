import { Button, Modal, Stack, Text } from '@mantine/core';
import type { TLaunchCampaignRequest } from '@sales-assist/contract';

type TLaunchDialogProps = {
  opened: boolean;
  pending: number;
  loading: TLaunchCampaignRequest['unapproved'] | null;
  onLaunch: (unapproved: 'approve' | 'skip') => void;
  onClose: () => void;
};

/** Spec §4 launch dialog: not every message is approved; approve all and start, skip them, or go back. */
export const LaunchDialog = ({ opened, pending, loading, onLaunch, onClose }: TLaunchDialogProps) => (
  <Modal
    opened={opened}
    onClose={() => !loading && onClose()}
    centered
    radius="lg"
    title={<Text fw={700}>Not all messages are approved</Text>}
  >
    <Stack gap="md">
      <Text size="sm">
        {pending.toLocaleString()} lead{pending === 1 ? '' : 's'} still {pending === 1 ? 'has' : 'have'}{' '}
        messages waiting for your approval. Only approved messages are ever sent.
      </Text>
      <Stack gap="xs">
        <Button
          onClick={() => onLaunch('approve')}
          loading={loading === 'approve'}
          disabled={Boolean(loading)}
        >
          Approve all and start
        </Button>
        <Button
          variant="light"
          onClick={() => onLaunch('skip')}
          loading={loading === 'skip'}
          disabled={Boolean(loading)}
        >
          Skip unapproved and start
        </Button>
        <Button variant="default" onClick={onClose} disabled={Boolean(loading)}>
          Go back
        </Button>
      </Stack>
    </Stack>
  </Modal>
);
