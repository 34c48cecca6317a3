import type { TResearchSource } from '@sales-assist/contract';

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Post 2 · 12 Mar 2026", "LinkedIn profile", "Website: acme.com". */
export const sourceLabel = (source: TResearchSource): string =>
  source.date ? `${source.label} · ${DAY.format(new Date(source.date))}` : source.label;

/** The sources by id, for the points that cite them. */
export const sourcesById = (sources: TResearchSource[]): Map<string, TResearchSource> =>
  new Map(sources.map((source) => [source.id, source]));
