import { BarChart } from '@mantine/charts';
import { Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { CONTENT_FIGURE_METRICS, CONTENT_NETWORKS, type TPostCounts } from '@sales-assist/contract';
import { IconCalendar, IconCircleCheck, IconClockPause, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { StatCard } from '../../../ui/stat-card';
import { useCalendarTimeZone } from '../../schedule/hooks/use-calendar-time-zone';
import { useContentAnalytics } from '../hooks/use-content-analytics';
import { bucketLabel, PERIOD_PRESETS, type TPeriodPreset } from '../lib/analytics-period';
import { ContentPostsCard } from './content-posts-card';
import { CsvButton } from './csv-button';

const STATES = [
  { key: 'published', label: 'Published', color: 'teal.6' },
  { key: 'failed', label: 'Failed', color: 'red.6' },
  { key: 'held', label: 'Held', color: 'orange.6' },
  { key: 'waiting', label: 'To go out', color: 'gray.5' },
] as const;

const FIGURE_SERIES = [
  { network: 'linkedin', color: 'blue.7' },
  { network: 'facebook', color: 'indigo.5' },
  { network: 'instagram', color: 'pink.6' },
] as const;

const networkLabel = (key: string) => CONTENT_NETWORKS.find((network) => network.key === key)?.label ?? key;

/** What was published per network and per week: published, failed, held for you, and still to go out. */
export const ContentTab = () => {
  const { timeZone, known } = useCalendarTimeZone();
  const [period, setPeriod] = useState<TPeriodPreset>('90');
  const content = useContentAnalytics(period, timeZone, known);
  const data = content.data;
  const total = (counts: TPostCounts) => counts.published + counts.failed + counts.held + counts.waiting;
  return (
    <Stack gap="md">
      <Select
        label="Period"
        data={PERIOD_PRESETS.map(({ value, label }) => ({ value, label }))}
        value={period}
        onChange={(value) => value && setPeriod(value as TPeriodPreset)}
        allowDeselect={false}
        w={170}
      />
      {content.isError && !data ? (
        <LoadFailed what="the publishing figures" onRetry={() => void content.refetch()} />
      ) : !data ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the figures">
          <Skeleton h={110} radius="md" />
          <Skeleton h={320} radius="md" />
        </Stack>
      ) : total(data.totals) === 0 ? (
        <Card>
          <EmptyState
            icon={IconCalendar}
            title="Nothing was scheduled in this period"
            hint="Posts you schedule for LinkedIn, Facebook, Instagram and WordPress are counted here by week."
            action={
              <Button component={Link} to="/schedule" mt="xs">
                Go to the Calendar
              </Button>
            }
          />
        </Card>
      ) : (
        <Stack gap="md" style={{ opacity: content.isPlaceholderData ? 0.6 : 1 }}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <StatCard label="Published" icon={IconCircleCheck} color="teal" value={data.totals.published} />
            <StatCard label="Failed" icon={IconSend} color="red" value={data.totals.failed} />
            <StatCard label="Held for you" icon={IconClockPause} color="orange" value={data.totals.held} />
          </SimpleGrid>
          <Card>
            <Group justify="space-between" mb="sm">
              <div>
                <Title order={4}>Per week</Title>
                <Text size="sm" c="dimmed">
                  Every network together, by the week each post was scheduled for (from Monday)
                </Text>
              </div>
              <CsvButton
                fileName="publishing-by-week.csv"
                header={['Week from', 'Network', ...STATES.map((state) => state.label)]}
                rows={() =>
                  data.by_week.flatMap((week) =>
                    week.networks.map((n) => [
                      week.week,
                      networkLabel(n.network),
                      ...STATES.map((state) => n[state.key]),
                    ]),
                  )
                }
              />
            </Group>
            <BarChart
              h={280}
              type="stacked"
              withLegend
              dataKey="week"
              data={data.by_week.map((week) => ({
                week: bucketLabel(week.week, 'week'),
                ...Object.fromEntries(
                  STATES.map((state) => [
                    state.label,
                    week.networks.reduce((sum, n) => sum + n[state.key], 0),
                  ]),
                ),
              }))}
              series={STATES.map((state) => ({ name: state.label, color: state.color }))}
              aria-label="Posts per week"
            />
          </Card>
          {data.figures_by_week.some((week) => week.networks.some((n) => n.views > 0)) ? (
            <Card>
              <Group justify="space-between" mb="sm">
                <div>
                  <Title order={4}>Views per week</Title>
                  <Text size="sm" c="dimmed">
                    As the platforms count them, by the week each post was scheduled for
                  </Text>
                </div>
                <CsvButton
                  fileName="post-figures-by-week.csv"
                  header={['Week from', 'Network', ...CONTENT_FIGURE_METRICS.map((metric) => metric.label)]}
                  rows={() =>
                    data.figures_by_week.flatMap((week) =>
                      week.networks.map((n) => [
                        week.week,
                        networkLabel(n.network),
                        ...CONTENT_FIGURE_METRICS.map((metric) => n[metric.key]),
                      ]),
                    )
                  }
                />
              </Group>
              <BarChart
                h={240}
                type="stacked"
                withLegend
                dataKey="week"
                data={data.figures_by_week.map((week) => ({
                  week: bucketLabel(week.week, 'week'),
                  ...Object.fromEntries(week.networks.map((n) => [networkLabel(n.network), n.views])),
                }))}
                series={FIGURE_SERIES.map(({ network, color }) => ({ name: networkLabel(network), color }))}
                aria-label="Views per week"
              />
            </Card>
          ) : null}
          <Card>
            <Group justify="space-between" mb="sm">
              <Title order={4}>Per network</Title>
              <CsvButton
                fileName="publishing-by-network.csv"
                header={['Network', ...STATES.map((state) => state.label)]}
                rows={() =>
                  data.by_network.map((n) => [
                    networkLabel(n.network),
                    ...STATES.map((state) => n[state.key]),
                  ])
                }
              />
            </Group>
            <Table aria-label="Posts per network" verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Network</Table.Th>
                  {STATES.map((state) => (
                    <Table.Th key={state.key} ta="right">
                      {state.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.by_network.map((n) => (
                  <Table.Tr key={n.network}>
                    <Table.Td>{networkLabel(n.network)}</Table.Td>
                    {STATES.map((state) => (
                      <Table.Td key={state.key} ta="right">
                        {n[state.key]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Stack>
      )}
      <ContentPostsCard />
    </Stack>
  );
};
