import type { TLeadLabel } from '@sales-assist/contract';

/** Each label's colour in the list and on the thread's buttons. */
export const LABEL_COLOR: Record<TLeadLabel, string> = {
  interested: 'teal',
  not_interested: 'gray',
  meeting_booked: 'violet',
  later: 'yellow',
};
