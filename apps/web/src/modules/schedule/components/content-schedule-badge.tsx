import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendarCheck, IconCalendarTime, IconCalendarX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useContentSchedule } from '../hooks/use-content-schedule';
import { summarizeSchedule, type TScheduleSummary } from './content-schedule-summary';
import { useScheduleZone } from './schedule-dialog-zone';

const TONES: Record<TScheduleSummary['tone'], { color: string; icon: typeof IconCalendarTime }> = {
  scheduled: { color: 'blue', icon: IconCalendarTime },
  published: { color: 'green', icon: IconCalendarCheck },
  failed: { color: 'red', icon: IconCalendarX },
  held: { color: 'orange', icon: IconCalendarX },
};

type TProps = {
  contentId: number;
  /** Off where the badge sits inside a clickable card (a link inside a button is not allowed). */
  linked?: boolean;
};

/** On a content card: that it is scheduled, published or failed, and when; a link to the calendar. */
export const ContentScheduleBadge = ({ contentId, linked = true }: TProps) => {
  const items = useContentSchedule(contentId);
  const { zone } = useScheduleZone();
  const summary = summarizeSchedule(items, zone);
  if (!summary) return null;
  const tone = TONES[summary.tone];
  const Icon = tone.icon;
  const common = {
    color: tone.color,
    variant: 'light' as const,
    leftSection: <Icon size={14} />,
    'data-testid': `schedule-badge-${contentId}`,
    'data-tone': summary.tone,
    style: { textTransform: 'none' as const, cursor: linked ? 'pointer' : undefined },
  };
  return (
    <Tooltip
      label={
        <Stack gap={2}>
          {summary.lines.map((line) => (
            <Text key={line} size="xs">
              {line}
            </Text>
          ))}
        </Stack>
      }
      multiline
      maw={320}
    >
      {linked ? (
        <Badge component={Link} to={`/schedule?post=${summary.focusId}`} {...common}>
          {summary.label}
        </Badge>
      ) : (
        <Badge {...common}>{summary.label}</Badge>
      )}
    </Tooltip>
  );
};
