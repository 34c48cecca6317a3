import { useMe } from '../../../app/session/use-me';
import { calendarTimeZone } from '../components/calendar-time';

/** The zone the calendar shows and reads times in: the one chosen in Settings, else the browser's. */
export const useCalendarTimeZone = (): { timeZone: string; chosen: boolean } => {
  const chosen = useMe().data?.time_zone ?? null;
  return { timeZone: calendarTimeZone(chosen), chosen: chosen !== null };
};
