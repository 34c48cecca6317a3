import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TAccountToday } from '@sales-assist/contract';

const STATUS_COLOR: Record<string, string> = {
  active: 'teal',
  expired: 'red',
  throttled: 'orange',
  challenge: 'orange',
};

/** Each LinkedIn account's actions today against the daily caps the engine keeps (and the weekly invitations). */
export const AccountCapsCard = ({ accounts }: { accounts: TAccountToday[] }) => (
  <Card>
    <Title order={4}>Today's actions against the caps</Title>
    <Text size="sm" c="dimmed" mb="sm">
      The engine never goes past these, whatever the campaigns ask.
    </Text>
    {accounts.length === 0 ? (
      <Text size="sm" c="dimmed">
        No LinkedIn account is connected.
      </Text>
    ) : (
      <Stack gap="lg">
        {accounts.map((account) => (
          <Stack key={account.account_id} gap="xs">
            <Group gap="xs">
              <Text fw={600}>{account.name}</Text>
              <Badge color={STATUS_COLOR[account.status] ?? 'gray'} variant="light">
                {account.status}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="xs">
              {account.caps.map((cap) => (
                <Stack key={cap.label} gap={2}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="xs">{cap.label}</Text>
                    <Text size="xs" fw={600}>
                      {cap.used} / {cap.cap}
                    </Text>
                  </Group>
                  <Progress
                    value={cap.cap > 0 ? Math.min(100, (cap.used / cap.cap) * 100) : 0}
                    color={cap.used >= cap.cap ? 'orange' : 'blue'}
                    aria-label={`${account.name}: ${cap.label} ${cap.used} of ${cap.cap}`}
                  />
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    )}
  </Card>
);
