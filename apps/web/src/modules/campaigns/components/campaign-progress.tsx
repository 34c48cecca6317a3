import { Group, Progress, Text } from '@mantine/core';
import type { TCampaignStatus } from '@sales-assist/contract';
import { CAMPAIGN_STATUS_COLOR } from '../lib/status-colors';

/** "Campaign Progress": the share of the campaign's steps done, as a bar and a percentage. */
export const CampaignProgress = ({ value, status }: { value: number; status: TCampaignStatus }) => (
  <Group gap="xs" wrap="nowrap">
    <Progress
      value={value}
      color={status === 'Draft' || status === 'Campaign Paused' ? 'gray.6' : CAMPAIGN_STATUS_COLOR[status]}
      size="md"
      radius="xl"
      animated={status === 'On Going'}
      striped={status === 'On Going'}
      style={{ flex: 1 }}
      aria-label={`Campaign progress ${value}%`}
    />
    <Text size="sm" fw={600} w={40} ta="right">
      {value}%
    </Text>
  </Group>
);
