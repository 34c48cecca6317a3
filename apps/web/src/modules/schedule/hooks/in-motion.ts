import type { TScheduleItem } from '@sales-assist/contract';

/** How often to look again at a post the engine is busy with (due now, or with the platform). */
export const IN_MOTION_POLL_MS = 3000;
/** How often to look again otherwise, so a post that publishes on its own minute changes colour. */
export const QUIET_POLL_MS = 30_000;

/** A post whose outcome is about to change: with the platform, or scheduled for a minute already reached. */
export const isInMotion = (
  item: Pick<TScheduleItem, 'status' | 'PostedOn' | 'paused_until'>,
  now = Date.now(),
) =>
  item.status === 'publishing' ||
  (item.status === 'scheduled' && item.paused_until === null && Date.parse(item.PostedOn) <= now);
