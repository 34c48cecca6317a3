import type { TAnalyticsBucket } from '@sales-assist/contract';

/** The periods offered, counted back from today (included) in the user's zone. */
export const PERIOD_PRESETS = [
  { value: '7', label: 'Last 7 days', days: 7 },
  { value: '30', label: 'Last 30 days', days: 30 },
  { value: '90', label: 'Last 90 days', days: 90 },
  { value: '365', label: 'Last 12 months', days: 365 },
] as const;
export type TPeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];

/** What the screen asks for: a period, the time series' unit and the campaigns and accounts to narrow to. */
export type TAnalyticsFilters = {
  period: TPeriodPreset;
  bucket: TAnalyticsBucket;
  campaignIds: string[];
  accountIds: string[];
};

export const DEFAULT_FILTERS: TAnalyticsFilters = {
  period: '30',
  bucket: 'day',
  campaignIds: [],
  accountIds: [],
};

/** Today's date in the zone, YYYY-MM-DD (the Swedish locale writes dates that way). */
const todayIn = (zone: string, now: Date): string =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** The first and last local days of a preset period ending today in `zone`. */
export const periodDays = (
  preset: TPeriodPreset,
  zone: string,
  now = new Date(),
): { from: string; to: string } => {
  const days = PERIOD_PRESETS.find((p) => p.value === preset)?.days ?? 30;
  const to = todayIn(zone, now);
  const [year, month, day] = to.split('-').map(Number);
  const first = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) - (days - 1)));
  return { from: first.toISOString().slice(0, 10), to };
};

/** "12 Mar" for a day, "Week of 9 Mar" for a week, read as the calendar date it names (no zone shift). */
export const bucketLabel = (bucket: string, unit: TAnalyticsBucket): string => {
  const day = new Date(`${bucket}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return unit === 'week' ? `Week of ${day}` : day;
};

/** "34%" (one decimal when it is not whole), or "–" when there is nothing to divide by. */
export const percentText = (percent: number | null): string =>
  percent === null ? '–' : `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
