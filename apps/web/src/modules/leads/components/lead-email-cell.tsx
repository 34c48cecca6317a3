import { Badge, Stack, Text } from '@mantine/core';
import type { TEmailStatus, TLeadEmail } from '@sales-assist/contract';

const STATUS_LOOK: Record<TEmailStatus, { label: string; color: string }> = {
  valid: { label: 'Valid', color: 'teal' },
  accept_all: { label: 'Accept all', color: 'yellow' },
  webmail: { label: 'Webmail', color: 'orange' },
  disposable: { label: 'Disposable', color: 'orange' },
  invalid: { label: 'Invalid', color: 'red' },
  unknown: { label: 'Unverified', color: 'gray' },
};

/** "Valid · 94%": the verifier's status and the provider's confidence, as the badge reads. */
export const emailBadgeText = (email: TLeadEmail): string | null => {
  if (!email.address) return null;
  const status = STATUS_LOOK[email.status ?? 'unknown'].label;
  return email.confidence === null ? status : `${status} · ${email.confidence}%`;
};

/** The all-leads table's E-mail cell: the address Find Email found, its status and confidence. */
export const LeadEmailCell = ({ email }: { email: TLeadEmail | null }) => {
  if (!email)
    return (
      <Text size="sm" c="dimmed" aria-label="Not looked up">
        —
      </Text>
    );
  if (!email.address)
    return (
      <Text size="sm" c="dimmed">
        Not found
      </Text>
    );
  const look = STATUS_LOOK[email.status ?? 'unknown'];
  return (
    <Stack gap={2} miw={0}>
      <Text size="sm" truncate="end" title={email.address}>
        {email.address}
      </Text>
      <Badge
        size="sm"
        variant="light"
        color={look.color}
        radius="sm"
        style={{ textTransform: 'none', alignSelf: 'flex-start' }}
        title={`Checked by ${email.provider === 'hunter' ? 'Hunter' : email.provider} on ${email.checked_at.slice(0, 10)}`}
      >
        {emailBadgeText(email)}
      </Badge>
    </Stack>
  );
};
