import { LineChart } from '@mantine/charts';
import { Card, Group, Text, Title } from '@mantine/core';
import type { TAnalyticsBucket, TAnalyticsPoint } from '@sales-assist/contract';
import { bucketLabel } from '../lib/analytics-period';
import { CsvButton } from './csv-button';

const SERIES = [
  { name: 'Invited', key: 'invited', color: 'blue.6' },
  { name: 'Accepted', key: 'accepted', color: 'teal.6' },
  { name: 'Messaged', key: 'messaged', color: 'orange.6' },
  { name: 'Replied', key: 'replied', color: 'violet.6' },
] as const;

/** Invitations, acceptances, messages and replies per day or week of the period. */
export const OverTimeCard = ({ points, unit }: { points: TAnalyticsPoint[]; unit: TAnalyticsBucket }) => {
  const data = points.map((point) => ({
    label: bucketLabel(point.bucket, unit),
    ...Object.fromEntries(SERIES.map((series) => [series.name, point[series.key]])),
  }));
  return (
    <Card>
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={4}>Over time</Title>
          <Text size="sm" c="dimmed">
            Per {unit === 'week' ? 'week (from Monday)' : 'day'}
          </Text>
        </div>
        <CsvButton
          fileName={`outreach-by-${unit}.csv`}
          header={[unit === 'week' ? 'Week from' : 'Day', ...SERIES.map((series) => series.name)]}
          rows={() => points.map((point) => [point.bucket, ...SERIES.map((series) => point[series.key])])}
        />
      </Group>
      <LineChart
        h={260}
        data={data}
        dataKey="label"
        series={SERIES.map(({ name, color }) => ({ name, color }))}
        withLegend
        curveType="monotone"
        yAxisProps={{ allowDecimals: false }}
        withDots={points.length <= 31}
        aria-label="Invitations, acceptances, messages and replies over time"
      />
    </Card>
  );
};
