import type { ComboboxItem, OptionsFilter } from '@mantine/core';

/** "GMT+1": a zone's offset right now, for telling zones apart in the list. */
const offsetNow = (timeZone: string, now: Date): string => {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((entry) => entry.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
};

/** The browser's IANA zones (plus UTC, and the saved zone when this browser does not list it). */
export const timeZoneNames = (saved: string | null): string[] => {
  const names = new Set(Intl.supportedValuesOf('timeZone'));
  names.add('UTC');
  if (saved) names.add(saved);
  return [...names].sort((a, b) => a.localeCompare(b));
};

export const timeZoneLabel = (timeZone: string, now: Date = new Date()): string => {
  const offset = offsetNow(timeZone, now);
  return offset ? `${timeZone.replaceAll('_', ' ')} (${offset})` : timeZone.replaceAll('_', ' ');
};

/** The select's value for "no zone chosen": the browser's zone is used. */
export const BROWSER_ZONE = '';

export const timeZoneOptions = (saved: string | null, browserZone: string) => [
  { value: BROWSER_ZONE, label: `Use my browser's zone: ${timeZoneLabel(browserZone)}` },
  ...timeZoneNames(saved).map((name) => ({ value: name, label: timeZoneLabel(name) })),
];

/** Underscores and spaces alike, any letter case: "New_York", "new york" and "America/New_York" are one. */
const searchable = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();

/**
 * The zone search: the typed words against the label ("America/New York (GMT-5)") and the IANA name itself
 * ("America/New_York"), so the spelling of the zone database finds its zone too.
 */
export const filterTimeZones: OptionsFilter = ({ options, search }) => {
  const wanted = searchable(search);
  if (!wanted) return options;
  return (options as ComboboxItem[]).filter(
    (option) => searchable(option.label).includes(wanted) || searchable(option.value).includes(wanted),
  );
};
