/** A YYYY-MM-DD day (a period's first day) as "August 1, 2026": the day itself, whatever the viewer's time zone. */
export const dayOf = (isoDay: string): string =>
  new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
