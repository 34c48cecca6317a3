import { useMe } from '../../../app/session/use-me';
import { browserTimeZone, isKnownTimeZone } from './schedule-dialog-time';

export type TScheduleZone = {
  zone: string;
  source: 'settings' | 'browser';
  /** False while the account is still being read: the zone may yet change. */
  known: boolean;
};

/**
 * The zone the dialog's date and time are read in, as the calendar reads them: the one chosen in
 * Settings (GET /me time_zone), else this browser's. The same zone is sent with the request, so what the
 * person picked is what is stored.
 */
export const useScheduleZone = (): TScheduleZone => {
  const me = useMe();
  const chosen = me.data?.time_zone ?? null;
  if (chosen && isKnownTimeZone(chosen)) return { zone: chosen, source: 'settings', known: true };
  return { zone: browserTimeZone(), source: 'browser', known: !me.isPending };
};
