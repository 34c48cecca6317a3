import { Badge } from '@mantine/core';
import type { TCampaignLeadStatus } from '@sales-assist/contract';
import { LEAD_STATUS_COLOR } from '../lib/status-colors';

/** Spec §4 lead status, colour-coded. */
export const LeadStatusBadge = ({ status }: { status: TCampaignLeadStatus }) => (
  <Badge
    color={LEAD_STATUS_COLOR[status]}
    variant="light"
    radius="sm"
    style={{
      textTransform: 'none',
      border: '1px solid color-mix(in srgb, currentColor 30%, transparent)',
    }}
  >
    {status}
  </Badge>
);
