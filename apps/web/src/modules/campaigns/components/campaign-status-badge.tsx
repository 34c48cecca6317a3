import { Badge, Tooltip } from '@mantine/core';
import type { TCampaignStatus } from '@sales-assist/contract';
import { CAMPAIGN_STATUS_COLOR } from '../lib/status-colors';

/** Spec §4 campaign status in its colour; the reason it paused or failed is the tooltip. */
export const CampaignStatusBadge = ({ status, reason }: { status: TCampaignStatus; reason: string }) => {
  const badge = (
    <Badge
      color={CAMPAIGN_STATUS_COLOR[status]}
      variant={status === 'Draft' ? 'outline' : 'light'}
      size="md"
      radius="sm"
      tabIndex={reason ? 0 : undefined}
      style={{
        textTransform: 'none',
        cursor: reason ? 'help' : undefined,
        border: '1px solid color-mix(in srgb, currentColor 30%, transparent)',
      }}
    >
      {status}
    </Badge>
  );
  if (!reason) return badge;
  return (
    <Tooltip label={reason} multiline maw={320} withArrow events={{ hover: true, focus: true, touch: true }}>
      {badge}
    </Tooltip>
  );
};
