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

/** What the person reads under the title: the platform's reason for a failure, else where it goes. */
const detailOf = (item: TScheduleItem): string => {
  if (item.status === 'failed' && item.failure_reason) return item.failure_reason;
  if (isPaused(item)) return `Paused${item.paused_reason ? `: ${item.paused_reason}` : ''}`;
  return `${PLATFORM_LABELS[item.platform]} · ${item.target_name}`;
};

type TCalendarEventContentProps = {
  item: TScheduleItem;
  title: string;
  description: string;
  compact: boolean;
};

/** One event on the grid: a state mark, the spec's title, and (when there is room) the reason or account. */
export const CalendarEventContent = ({ item, title, description, compact }: TCalendarEventContentProps) => {
  const StateIcon = iconOf(item);
  return (
    <div
      className={classes.event}
      title={description}
      data-testid={`event-${item.ID}`}
      data-status={item.status}
      data-paused={isPaused(item) || undefined}
    >
      <div className={classes.eventTitle}>
        {StateIcon && <StateIcon size={13} stroke={2.5} aria-hidden className={classes.eventIcon} />}
        <span>{title}</span>
      </div>
      {(!compact || item.status === 'failed') && <div className={classes.eventDetail}>{detailOf(item)}</div>}
    </div>
  );
};
