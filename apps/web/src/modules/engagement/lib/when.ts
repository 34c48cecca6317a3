/** A message's time as the inbox shows it: the hour today, the day this week, else the date. */
export const shortWhen = (iso: string, now: Date = new Date()): string => {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  if (sameDay) return at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const days = (now.getTime() - at.getTime()) / 86_400_000;
  if (days < 6) return at.toLocaleDateString(undefined, { weekday: 'short' });
  return at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
};

/** The full time, for a message bubble's title. */
export const fullWhen = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
