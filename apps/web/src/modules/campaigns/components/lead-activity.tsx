import { Text, Timeline } from '@mantine/core';
import type { TLeadActivity } from '@sales-assist/contract';
import { IconBolt } from '@tabler/icons-react';
import { formatTimestamp } from '../lib/format-timestamp';

/** Every action taken on the person's behalf for this lead, newest first (as the server answers). */
export const LeadActivity = ({ activity }: { activity: TLeadActivity[] }) => {
  if (activity.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing has been done for this lead yet. Actions show here once the campaign runs.
      </Text>
    );
  }
  return (
    <Timeline active={activity.length - 1} bulletSize={22} lineWidth={2}>
      {activity.map((entry, index) => (
        <Timeline.Item
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the list only grows at the top
          key={`${entry.at}-${index}`}
          bullet={<IconBolt size={12} />}
          title={
            <Text size="sm" fw={600}>
              {entry.action}
            </Text>
          }
        >
          {entry.outcome && (
            <Text size="xs" c="dimmed">
              {entry.outcome}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatTimestamp(entry.at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
};
