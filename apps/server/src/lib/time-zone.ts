import { IANAZone } from 'luxon';

/**
 * The zone's canonical IANA name ("europe/paris" → "Europe/Paris", "US/Eastern" → "America/New_York"), or
 * null when it is not a zone this server's time zone data knows. Fixed offsets ("+05:00") are refused: they
 * have no daylight saving time, so a calendar kept in one would drift from the user's clock half the year.
 */
export const canonicalTimeZone = (name: string): string | null => {
  if (!IANAZone.isValidZone(name)) return null;
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  return /^[A-Za-z]/.test(resolved) ? resolved : null;
};
