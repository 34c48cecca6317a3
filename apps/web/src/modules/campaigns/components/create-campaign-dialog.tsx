import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { CAMPAIGN_COST_CREDITS } from '@sales-assist/contract';
import { IconCoins } from '@tabler/icons-react';

type TCreateCampaignDialogProps = {
  opened: boolean;
  loading: boolean;
  credits: number | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Spec §9: "Do you want to create Campaign for 50 Credits?" before anything is paid. */
export const CreateCampaignDialog = ({
  opened,
  loading,
  credits,
  onConfirm,
  onClose,
}: TCreateCampaignDialogProps) => (
  <Modal
    opened={opened}
    onClose={() => !loading && onClose()}
    centered
    radius="lg"
    title={
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={36} radius="xl" variant="light" color="yellow">
          <IconCoins size={20} />
        </ThemeIcon>
        <Text fw={700}>Do you want to create Campaign for {CAMPAIGN_COST_CREDITS} Credits?</Text>
      </Group>
    }
  >
    <Stack gap="md">
      {credits !== null && (
        <Text size="sm" c="dimmed">
          You have {credits.toLocaleString()} credits. The messages for every lead are written right after.
        </Text>
      )}
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onClose} disabled={loading}>
          Cancel
        </Button>
        <Button onClick={onConfirm} loading={loading} data-autofocus>
          Yes, Create
        </Button>
      </Group>
    </Stack>
  </Modal>
);
