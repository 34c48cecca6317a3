import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CALLS, PLATFORM_LABELS, type TScheduleItem } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../../app/api/call-api';
import { shortWhen } from '../../schedule/components/content-schedule-summary';
import { useCalendarTimeZone } from '../../schedule/hooks/use-calendar-time-zone';

/** How far ahead the card looks, and how many posts it lists: the week or two a person plans. */
const AHEAD_DAYS = 14;
const SHOWN = 5;

/** The posts still to go out, earliest first (the calendar's call answers them in that order). */
const upcoming = (items: readonly TScheduleItem[]): TScheduleItem[] =>
  items.filter((item) => item.status === 'scheduled').slice(0, SHOWN);

/**
 * The next scheduled posts of the coming two weeks (what, where, when in the user's zone), with the way
 * to the calendar. The minute is read when the dashboard opens: a post due meanwhile drops off at the
 * next visit.
 */
export const NextPostsCard = () => {
  const { timeZone, known } = useCalendarTimeZone();
  const [range] = useState(rangeFromNow);
  const posts = useQuery({
    queryKey: ['schedule', 'next-posts', range],
    // The dashboard works without it: a failure leaves the card out rather than a toast.
    queryFn: () => callApi(CALLS.getScheduledPosts, { query: range, toastErrors: false }),
    enabled: known,
  });
  if (posts.isError) return null;
  const next = posts.data ? upcoming(posts.data.data) : null;
  return (
    <Card aria-label="Next scheduled posts">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Next scheduled posts</Title>
        <Anchor component={Link} to="/schedule" size="sm">
          Open the calendar
        </Anchor>
      </Group>
      {next === null ? (
        <Skeleton h={52} radius="sm" aria-label="Loading the next scheduled posts" />
      ) : next.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing is scheduled for the next {AHEAD_DAYS} days. Schedule a post from Blogs, LinkedIn posts or
          Socials, or on the calendar.
        </Text>
      ) : (
        <Stack gap={8} role="list">
          {next.map((item) => (
            <Group key={item.ID} gap="sm" wrap="nowrap" role="listitem">
              <Text size="sm" fw={600} w={110} style={{ flexShrink: 0 }}>
                {shortWhen(item.PostedOn, timeZone)}
              </Text>
              <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                {PLATFORM_LABELS[item.platform]}
              </Badge>
              <Text size="sm" lineClamp={1} title={item.title}>
                {item.title}
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {item.target_name}
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
};

/** From this minute to AHEAD_DAYS later, fixed when the card mounts (a moving key would ask on every render). */
const rangeFromNow = () => {
  const from = new Date();
  from.setSeconds(0, 0);
  return { from: from.toISOString(), to: new Date(from.getTime() + AHEAD_DAYS * 86_400_000).toISOString() };
};
