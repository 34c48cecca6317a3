import { useMe } from '../../../app/session/use-me';
import { calendarTimeZone } from '../components/calendar-time';

/**
 * The zone the calendar shows and reads times in: the one chosen in Settings, else the browser's.
 * `known` once /api/me answered (or failed), so the grid is not drawn in one zone and then redrawn in another.
 */
export const useCalendarTimeZone = (): { timeZone: string; chosen: boolean; known: boolean } => {
  const me = useMe();
  const chosen = me.data?.time_zone ?? null;
  return { timeZone: calendarTimeZone(chosen), chosen: chosen !== null, known: !me.isPending };
};
