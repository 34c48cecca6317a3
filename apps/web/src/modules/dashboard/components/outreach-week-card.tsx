import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callApi } from '../../../app/api/call-api';
import { useCalendarTimeZone } from '../../schedule/hooks/use-calendar-time-zone';

/** Monday of this week and today, as local days in `zone` (YYYY-MM-DD; the Swedish locale writes them so). */
const thisWeek = (zone: string, now = new Date()): { from: string; to: string } => {
  const to = new Intl.DateTimeFormat('sv-SE', { timeZone: zone }).format(now);
  const today = new Date(`${to}T00:00:00Z`);
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  const monday = new Date(today.getTime() - sinceMonday * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to };
};

const FIGURES = [
  { key: 'invited', label: 'Invited' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'messaged', label: 'Messaged' },
  { key: 'replied', label: 'Replied' },
] as const;

/** This week's outreach funnel in four figures, with the way to the whole of Analytics. */
export const OutreachWeekCard = () => {
  const { timeZone, known } = useCalendarTimeZone();
  const { from, to } = thisWeek(timeZone);
  const week = useQuery({
    queryKey: ['analytics', 'outreach', 'this-week', { from, to, zone: timeZone }],
    // The dashboard works without it: a failure leaves the card out rather than a toast.
    queryFn: () =>
      callApi(CALLS.getOutreachAnalytics, { query: { from, to, zone: timeZone }, toastErrors: false }),
    enabled: known,
  });
  if (week.isError) return null;
  return (
    <Card>
      <Group justify="space-between" mb="sm">
        <Title order={4}>This week's outreach</Title>
        <Anchor component={Link} to="/analytics" size="sm">
          Open Analytics
        </Anchor>
      </Group>
      {week.data ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {FIGURES.map((figure) => (
            <Stack key={figure.key} gap={0}>
              <Text fz={24} fw={800} lh={1.2}>
                {week.data.funnel[figure.key].toLocaleString('en-US')}
              </Text>
              <Text size="sm" c="dimmed">
                {figure.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      ) : (
        <Skeleton h={52} radius="sm" aria-label="Loading this week's outreach" />
      )}
    </Card>
  );
};
