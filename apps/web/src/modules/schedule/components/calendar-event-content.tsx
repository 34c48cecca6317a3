import { PLATFORM_LABELS, type TScheduleItem } from '@sales-assist/contract';
import {
  type Icon,
  IconAlertTriangle,
  IconCheck,
  IconClockPause,
  IconHandStop,
  IconLoader2,
} from '@tabler/icons-react';
import { isPaused } from './calendar-events';
import classes from './calendar-view.module.css';
import { PLATFORM_ICONS } from './platform-icon';

const iconOf = (item: TScheduleItem): Icon | null => {
  if (isPaused(item)) return IconClockPause;
  switch (item.status) {
    case 'published':
      return IconCheck;
    case 'failed':
      return IconAlertTriangle;
    case 'held':
      return IconHandStop;
    case 'publishing':
      return IconLoader2;
    default:
      return null;
  }
};

/** Why it needs the person, when it does: the platform's reason for a failure, or its pause. */
const reasonOf = (item: TScheduleItem): string | null => {
  if (item.status === 'failed' && item.failure_reason) return item.failure_reason;
  if (isPaused(item)) return `Paused${item.paused_reason ? `: ${item.paused_reason}` : ''}`;
  return null;
};

type TCalendarEventContentProps = {
  item: TScheduleItem;
  title: string;
  description: string;
  compact: boolean;
};

/**
 * One event on the grid: the network's mark, a state mark and the spec's title ("17:33 Social Post"), then
 * the content's own title, and the reason when it failed or is paused (the month view keeps the reason of
 * a failure and drops the pause's, for room).
 */
export const CalendarEventContent = ({ item, title, description, compact }: TCalendarEventContentProps) => {
  const StateIcon = iconOf(item);
  const PlatformIcon = PLATFORM_ICONS[item.platform];
  const reason = reasonOf(item);
  return (
    <div
      className={classes.event}
      title={description}
      data-testid={`event-${item.ID}`}
      data-status={item.status}
      data-paused={isPaused(item) || undefined}
    >
      <div className={classes.eventTitle}>
        <PlatformIcon
          size={13}
          stroke={2}
          aria-label={PLATFORM_LABELS[item.platform]}
          role="img"
          className={classes.eventIcon}
          data-testid={`event-platform-${item.platform}`}
        />
        {StateIcon && <StateIcon size={13} stroke={2.5} aria-hidden className={classes.eventIcon} />}
        <span>{title}</span>
      </div>
      <div className={classes.eventDetail} data-testid="event-content-title">
        {item.title || 'Untitled'}
      </div>
      {reason && (!compact || item.status === 'failed') && (
        <div className={classes.eventDetail}>{reason}</div>
      )}
    </div>
  );
};
