import { Group, Text } from '@mantine/core';
import { STATE_LOOK } from './calendar-events';
import classes from './calendar-view.module.css';

const ENTRIES = [
  { label: 'Scheduled', color: STATE_LOOK.scheduled.color },
  { label: 'Published ✓', color: STATE_LOOK.published.color },
  { label: 'Failed', color: STATE_LOOK.failed.color },
  { label: 'Needs checking', color: STATE_LOOK.held.color },
];

/** What the colours mean, beside the zone the times are in. */
export const CalendarLegend = ({ timeZone, chosen }: { timeZone: string; chosen: boolean }) => (
  <Group justify="space-between" gap="sm" wrap="wrap">
    <Group gap="md" wrap="wrap" aria-label="Colours">
      {ENTRIES.map((entry) => (
        <Group key={entry.label} gap={6} wrap="nowrap">
          <span className={classes.legendSwatch} style={{ background: entry.color }} aria-hidden />
          <Text size="sm">{entry.label}</Text>
        </Group>
      ))}
    </Group>
    <Text size="sm" c="dimmed">
      Times in {timeZone}
      {chosen ? '' : " (your browser's zone; choose another in Settings)"}
    </Text>
  </Group>
);
