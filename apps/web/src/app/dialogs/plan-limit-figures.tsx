import { Paper, Table, Text } from '@mantine/core';
import { PLAN_METRIC_LABELS } from '@sales-assist/contract';
import { dayOf } from '../../modules/plan/lib/day-of';
import type { TPlanLimitDetail } from './premium-popup-store';

const labelsOf = (metric: string) =>
  PLAN_METRIC_LABELS[metric as keyof typeof PLAN_METRIC_LABELS] ?? { name: metric, counted: '' };

/**
 * Under the premium pop-up's words: which allowance ran out, what this period used of it ("3 of 3 blog
 * topics this month") and the day it starts again, so the person knows whether to wait or upgrade.
 */
export const PlanLimitFigures = ({ detail }: { detail: TPlanLimitDetail }) => {
  const labels = labelsOf(detail.metric);
  const used = `${detail.used.toLocaleString('en-US')} of ${detail.limit.toLocaleString('en-US')}${
    labels.counted ? ` ${labels.counted}` : ''
  } this month`;
  const rows: [string, string][] = [
    ['Limit reached', labels.name],
    ['Used', detail.limit === 0 ? 'Not included in your plan' : used],
    ...(detail.resetsOn ? ([['Resets on', dayOf(detail.resetsOn)]] as [string, string][]) : []),
  ];
  return (
    <Paper withBorder radius="md" p="sm" w="100%" bg="var(--mantine-color-gray-0)">
      <Table
        withRowBorders={false}
        verticalSpacing={4}
        aria-label="The limit you reached"
        styles={{ td: { textAlign: 'left' } }}
      >
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={1} style={{ textAlign: 'left', whiteSpace: 'nowrap' }}>
                <Text size="sm" c="dimmed" fw={500}>
                  {label}
                </Text>
              </Table.Th>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {value}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
};
