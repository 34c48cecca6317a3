import {
  CONTENT_TYPE_LABELS,
  PLATFORM_LABELS,
  type TScheduleItem,
  type TScheduleState,
} from '@sales-assist/contract';
import { clockTime } from './calendar-time';

/**
 * How each state looks on the calendar. Scheduled is the spec's green (§3); published a deeper green with a
 * check, so what went out is told apart from what waits; failed red; held amber (the person must look).
 */
export const STATE_LOOK: Record<TScheduleState, { color: string; label: string }> = {
  scheduled: { color: '#2f9e44', label: 'Scheduled' },
  publishing: { color: '#2f9e44', label: 'Publishing…' },
  published: { color: '#0b5d3b', label: 'Published' },
  failed: { color: '#e03131', label: 'Failed' },
  held: { color: '#e67700', label: 'Needs checking' },
};

/** Paused by the platform's rate limit or quota: still scheduled, waiting until `paused_until`. */
export const isPaused = (item: Pick<TScheduleItem, 'status' | 'paused_until'>): boolean =>
  item.status === 'scheduled' && item.paused_until !== null;

/** Only what has not gone out (or failed, or waits for the person) can be moved; the server says the same. */
export const canMove = (item: Pick<TScheduleItem, 'status'>): boolean =>
  item.status === 'scheduled' || item.status === 'failed' || item.status === 'held';

export const canRetry = (item: Pick<TScheduleItem, 'status'>): boolean =>
  item.status === 'failed' || item.status === 'held';

/** The first content type (spec §3), or the kind's label when the list is empty. */
export const contentTypeOf = (item: Pick<TScheduleItem, 'ContentType' | 'content_kind'>): string =>
  item.ContentType[0] ?? CONTENT_TYPE_LABELS[item.content_kind];

/** Spec §3: "HH:MM" in the person's zone plus the first content type ("14:05 Blog"). */
export const eventTitle = (item: TScheduleItem, timeZone: string): string =>
  `${clockTime(item.PostedOn, timeZone)} ${contentTypeOf(item)}`;

/** What a screen reader (and the hover hint) says of an event: title, where it goes, its state and why. */
export const eventDescription = (item: TScheduleItem, timeZone: string): string => {
  const parts = [eventTitle(item, timeZone), `${PLATFORM_LABELS[item.platform]} · ${item.target_name}`];
  if (isPaused(item) && item.paused_until) {
    parts.push(
      `Paused until ${clockTime(item.paused_until, timeZone)}${item.paused_reason ? `: ${item.paused_reason}` : ''}`,
    );
  } else {
    parts.push(STATE_LOOK[item.status].label);
  }
  if (item.status === 'failed' && item.failure_reason) parts.push(item.failure_reason);
  return parts.join(' — ');
};

export type TCalendarEvent = {
  id: string;
  title: string;
  start: string;
  color: string;
  contrastColor: string;
  editable: boolean;
  extendedProps: { item: TScheduleItem; description: string };
};

/** Spec §3 schedule item → calendar event: id, title, start, colour (green unless its state says otherwise). */
export const toCalendarEvent = (item: TScheduleItem, timeZone: string): TCalendarEvent => {
  const { color } = STATE_LOOK[item.status];
  return {
    id: String(item.ID),
    title: eventTitle(item, timeZone),
    start: item.PostedOn,
    color,
    contrastColor: '#ffffff',
    editable: canMove(item),
    extendedProps: { item, description: eventDescription(item, timeZone) },
  };
};
