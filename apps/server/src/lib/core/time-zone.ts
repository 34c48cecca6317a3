import { IANAZone } from 'luxon';

/** The zone names this server's time zone data lists, by lower case, for spelling a name sent in any case. */
let listed: Map<string, string> | undefined;
const listedSpelling = (name: string): string | undefined => {
  listed ??= new Map(Intl.supportedValuesOf('timeZone').map((zone) => [zone.toLowerCase(), zone]));
  return listed.get(name.toLowerCase());
};

/**
 * The zone as it will be kept ("europe/paris" → "Europe/Paris"; "Asia/Kolkata" and "US/Eastern" stay as
 * sent, since browsers and servers disagree on which of two linked names is the main one), or null when it
 * is not a zone this server's time zone data knows. Fixed offsets ("+05:00") are refused: they have no
 * daylight saving time, so a calendar kept in one would drift from the user's clock half the year.
 */
export const knownTimeZone = (name: string): string | null => {
  if (!/^[A-Za-z]/.test(name) || !IANAZone.isValidZone(name)) return null;
  const listedName = listedSpelling(name);
  if (listedName) return listedName;
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
};
