import { Group, Progress, Stack, Text } from '@mantine/core';
import type { TCampaignStatus } from '@sales-assist/contract';
import { CAMPAIGN_STATUS_COLOR } from '../lib/status-colors';

type TCampaignProgressProps = { value: number; status: TCampaignStatus; failed?: number };

/**
 * "Campaign Progress": the share of the campaign's steps done since its launch, as a bar and a
 * percentage, and under it how many of its leads failed, so a full bar never hides them.
 */
export const CampaignProgress = ({ value, status, failed = 0 }: TCampaignProgressProps) => (
  <Stack gap={2}>
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={value}
        color={status === 'Draft' || status === 'Campaign Paused' ? 'gray.6' : CAMPAIGN_STATUS_COLOR[status]}
        size="md"
        radius="xl"
        animated={status === 'On Going'}
        striped={status === 'On Going'}
        style={{ flex: 1 }}
        aria-label={`Campaign progress ${value}%${failed > 0 ? `, ${failed} failed` : ''}`}
      />
      <Text size="sm" fw={600} w={40} ta="right">
        {value}%
      </Text>
    </Group>
    {failed > 0 && (
      <Text size="xs" c="red.7" fw={600}>
        {failed.toLocaleString()} {failed === 1 ? 'lead' : 'leads'} failed
      </Text>
    )}
  </Stack>
);
