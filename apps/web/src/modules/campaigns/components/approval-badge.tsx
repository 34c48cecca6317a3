import { Badge } from '@mantine/core';
import type { TCampaignLead } from '@sales-assist/contract';
import { IconCheck, IconClock, IconPlayerSkipForward } from '@tabler/icons-react';

const LOOK = {
  Pending: { color: 'yellow', icon: IconClock, label: 'To approve' },
  Approved: { color: 'teal', icon: IconCheck, label: 'Approved' },
  Skipped: { color: 'gray', icon: IconPlayerSkipForward, label: 'Skipped' },
} as const;

/** Whether this lead's messages may be sent. */
export const ApprovalBadge = ({ approval }: { approval: TCampaignLead['Approval'] }) => {
  const { color, icon: ApprovalIcon, label } = LOOK[approval];
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      leftSection={<ApprovalIcon size={12} />}
      style={{ textTransform: 'none' }}
    >
      {label}
    </Badge>
  );
};
