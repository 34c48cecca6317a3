import { SCHEDULE_MESSAGES } from '@sales-assist/contract';
import { AppError } from '../../http/errors';

/**
 * A time before the current minute is refused; the current minute itself is taken (the form's minutes
 * cannot say "now" any closer), and its post goes out at once.
 */
export const refuseThePast = (at: Date, now: Date): void => {
  const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
  if (at.getTime() < minuteStart) throw new AppError(400, 'in_the_past', SCHEDULE_MESSAGES.inThePast);
};
