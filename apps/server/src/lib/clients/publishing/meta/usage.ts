/**
 * Meta's usage headers: every Graph answer says how much of the app's hourly budget (X-App-Usage) and of
 * each page's business use case budget (X-Business-Use-Case-Usage) is used, in percent. Meta throttles
 * at 100%; a publisher that slows down first never meets the refusal.
 */

export type UsagePercentages = { callCount: number; totalTime: number; totalCputime: number };
export type BusinessUsage = UsagePercentages & {
  /** The business object (a page) the budget belongs to. */
  id: string;
  type: string;
  /** Minutes until Meta takes calls again, when it has throttled. */
  regainAccessMinutes: number;
};
export type MetaUsage = { app: UsagePercentages | null; business: BusinessUsage[] };

/** From this share of any budget on, calls pause. */
export const USAGE_PAUSE_FROM_PERCENT = 90;
/** At 90% a short pause; at 100% the whole rolling hour Meta counts over. */
const PAUSE_AT_THRESHOLD_SECONDS = 600;
const PAUSE_AT_FULL_SECONDS = 3_600;

const percent = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? Math.max(0, n) : 0;
};

const percentagesOf = (raw: Record<string, unknown>): UsagePercentages => ({
  callCount: percent(raw.call_count),
  totalTime: percent(raw.total_time),
  totalCputime: percent(raw.total_cputime),
});

const jsonObject = (text: string | null): Record<string, unknown> | null => {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/** Reads both usage headers; a missing or malformed one counts as nothing reported. */
export const parseUsageHeaders = (headers: Headers): MetaUsage => {
  const app = jsonObject(headers.get('x-app-usage'));
  const business: BusinessUsage[] = [];
  for (const [id, entries] of Object.entries(jsonObject(headers.get('x-business-use-case-usage')) ?? {})) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) {
      if (!entry || typeof entry !== 'object') continue;
      const raw = entry as Record<string, unknown>;
      business.push({
        id,
        type: typeof raw.type === 'string' ? raw.type : 'unknown',
        ...percentagesOf(raw),
        regainAccessMinutes: percent(raw.estimated_time_to_regain_access),
      });
    }
  }
  return { app: app ? percentagesOf(app) : null, business };
};

const highest = (usage: UsagePercentages): number =>
  Math.max(usage.callCount, usage.totalTime, usage.totalCputime);

/** The highest share of any budget the answer reported, in percent. */
export const highestUsagePercent = (usage: MetaUsage): number =>
  Math.max(0, ...(usage.app ? [highest(usage.app)] : []), ...usage.business.map(highest));

/**
 * How long to pause calls after an answer with these usages: 0 below 90% of every budget; Meta's own
 * estimate when it gives one; otherwise from 10 minutes at 90% rising to the full hour at 100%.
 */
export const usagePauseSeconds = (usage: MetaUsage): number => {
  const regain = Math.max(0, ...usage.business.map((entry) => entry.regainAccessMinutes)) * 60;
  const top = highestUsagePercent(usage);
  if (top < USAGE_PAUSE_FROM_PERCENT) return regain;
  const share = Math.min(1, (top - USAGE_PAUSE_FROM_PERCENT) / (100 - USAGE_PAUSE_FROM_PERCENT));
  const scaled = PAUSE_AT_THRESHOLD_SECONDS + share * (PAUSE_AT_FULL_SECONDS - PAUSE_AT_THRESHOLD_SECONDS);
  return Math.round(Math.max(regain, scaled));
};
