import { Group, Progress, Text } from '@mantine/core';
import type { TCampaignStatus } from '@sales-assist/contract';
import { CAMPAIGN_STATUS_COLOR } from '../lib/status-colors';

type TCampaignProgressProps = { value: number; status: TCampaignStatus; failed?: number };

/**
 * "Campaign Progress": the share of the campaign's steps done since its launch, as a bar and a
 * percentage, and how many of its leads failed ("100% · 3 failed"), so a finished bar never hides them.
 */
export const CampaignProgress = ({ value, status, failed = 0 }: TCampaignProgressProps) => (
  <Group gap="xs" wrap="nowrap">
    <Progress
      value={value}
      color={status === 'Draft' || status === 'Campaign Paused' ? 'gray.6' : CAMPAIGN_STATUS_COLOR[status]}
      size="md"
      radius="xl"
      animated={status === 'On Going'}
      striped={status === 'On Going'}
      style={{ flex: 1, minWidth: 48 }}
      aria-label={`Campaign progress ${value}%${failed > 0 ? `, ${failed} failed` : ''}`}
    />
    <Text size="sm" fw={600} miw={40} ta="right" style={{ whiteSpace: 'nowrap' }}>
      {value}%
      {failed > 0 && (
        <Text span size="sm" fw={600} c="red.7">
          {` · ${failed.toLocaleString()} failed`}
        </Text>
      )}
    </Text>
  </Group>
);
