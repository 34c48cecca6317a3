const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** Each unit, and how many of it make the next one. */
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 5],
];

/** "just now", "5 minutes ago", "yesterday", "2 weeks ago", then the date: when a notice came, as people say it. */
export const noticeTime = (iso: string, now: Date = new Date()): string => {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (Math.abs(seconds) < 60) return 'just now';
  let value = seconds / 60;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
};
