import { Badge } from '@mantine/core';
import type { TCampaignLeadStatus } from '@sales-assist/contract';
import { LEAD_STATUS_COLOR } from '../lib/status-colors';

/**
 * Spec §4 lead status, colour-coded. In a narrow cell a long status ("Request Withdrawn") wraps onto a
 * second line instead of ending in "…" (a badge's label is one truncated line otherwise).
 */
export const LeadStatusBadge = ({ status }: { status: TCampaignLeadStatus }) => (
  <Badge
    color={LEAD_STATUS_COLOR[status]}
    variant="light"
    radius="sm"
    h="auto"
    mih="var(--badge-height)"
    py={2}
    style={{
      textTransform: 'none',
      border: '1px solid color-mix(in srgb, currentColor 30%, transparent)',
    }}
    styles={{ label: { whiteSpace: 'normal', lineHeight: 1.35 } }}
  >
    {status}
  </Badge>
);
