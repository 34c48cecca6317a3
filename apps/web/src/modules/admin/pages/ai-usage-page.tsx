import { Card, Center, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { useAdminAiUsage } from '../hooks/use-admin-ai-usage';

/** The last 12 calendar months (UTC), newest first, as YYYY-MM. */
const recentMonths = (now: Date): string[] =>
  Array.from({ length: 12 }, (_, back) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
  );

const monthName = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const ALL_MONTHS = 'all';

/**
 * /admin/ai-usage: who spends what on the AI model, per user and month (from ai_usage), the heaviest
 * users of each month first, so an operator sees at once whose use a plan's allowance should meet.
 */
export const AiUsagePage = () => {
  const months = recentMonths(new Date());
  const [month, setMonth] = useState<string>(months[0] ?? ALL_MONTHS);
  const usage = useAdminAiUsage(month === ALL_MONTHS ? {} : { month });
  return (
    <PageShell
      title="AI usage"
      description="Requests to the AI model and their tokens, per user and calendar month (UTC). Background work such as campaign messages counts too."
    >
      <Stack gap="md">
        <Group>
          <Select
            label="Month"
            data={[
              ...months.map((value) => ({ value, label: monthName(value) })),
              { value: ALL_MONTHS, label: 'Last 12 months' },
            ]}
            value={month}
            onChange={(value) => setMonth(value ?? ALL_MONTHS)}
            allowDeselect={false}
            w={220}
          />
        </Group>
        <Card withBorder radius="lg" padding={0}>
          {usage.isPending ? (
            <Center py="xl">
              <Loader />
            </Center>
          ) : !usage.data ? (
            <LoadFailed what="the AI usage" onRetry={() => usage.refetch()} />
          ) : usage.data.rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No AI requests in this period.
            </Text>
          ) : (
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="AI usage per user and month">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th ta="right">Requests</Table.Th>
                  <Table.Th ta="right">Prompt tokens</Table.Th>
                  <Table.Th ta="right">Completion tokens</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {usage.data.rows.map((row) => (
                  <Table.Tr key={`${row.month}-${row.user_id}`}>
                    <Table.Td>{monthName(row.month)}</Table.Td>
                    <Table.Td>{row.email}</Table.Td>
                    <Table.Td ta="right">{row.requests.toLocaleString('en')}</Table.Td>
                    <Table.Td ta="right">{row.prompt_tokens.toLocaleString('en')}</Table.Td>
                    <Table.Td ta="right">{row.completion_tokens.toLocaleString('en')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
        {usage.data?.truncated && (
          <Text size="sm" c="dimmed">
            Only the 500 heaviest rows are shown: pick one month to see fewer at once.
          </Text>
        )}
      </Stack>
    </PageShell>
  );
};
