import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TCampaign } from '@sales-assist/contract';

/** Whether a campaign can be deleted: anything but a running one (it is paused first). */
export const isDeletable = (campaign: Pick<TCampaign, 'Status'>): boolean => campaign.Status !== 'On Going';

/** Asks before deleting, naming the campaign and saying what goes and what stays. */
export const confirmDeleteCampaign = (campaign: TCampaign, onConfirm: () => void): void => {
  const leads = campaign['Leads Count'];
  modals.openConfirmModal({
    title: `Delete "${campaign['Campaign List']}"?`,
    centered: true,
    children: (
      <Stack gap="xs">
        <Text size="sm">
          The campaign, its {leads.toLocaleString()} lead{leads === 1 ? '' : 's'} and their messages will be
          deleted, and nothing more will be done on LinkedIn for it. This cannot be undone, and the credits it
          cost are not refunded.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            Its activity history is kept: every profile view, like, comment, request and message already done
            on LinkedIn stays on record under the campaign's name.
          </List.Item>
          <List.Item>Its list becomes free again: you can use it in a new campaign or delete it.</List.Item>
        </List>
      </Stack>
    ),
    labels: { confirm: 'Delete Campaign', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
};
