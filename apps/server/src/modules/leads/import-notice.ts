import type { LeadFields } from './csv/lead-columns';

/** What a decoder writes for bytes it cannot read in the file's encoding. */
const REPLACEMENT_CHARACTER = '\uFFFD';

/** Whether a lead's text holds characters lost in decoding (shown as �). */
export const hasUnreadableText = (lead: LeadFields): boolean =>
  Object.values(lead).some((value) => typeof value === 'string' && value.includes(REPLACEMENT_CHARACTER));

export type NoticeCounts = {
  /** Imported rows with characters the file's encoding could not read. */
  unreadable: number;
  /** Rows skipped for a Sales Navigator link. */
  salesNavigator: number;
};

const rows = (count: number): string => (count === 1 ? '1 row' : `${count.toLocaleString('en-US')} rows`);

/**
 * What the user should know about a finished import besides its counts (import_jobs.notice), in plain
 * sentences; null when there is nothing. Never a U+FFFD stored without saying how many rows have one.
 */
export const importNotice = (counts: NoticeCounts): string | null => {
  const sentences: string[] = [];
  if (counts.unreadable > 0) {
    sentences.push(
      `${rows(counts.unreadable)} had characters that could not be read in the file's encoding; ${
        counts.unreadable === 1 ? 'it is' : 'they are'
      } shown as ${REPLACEMENT_CHARACTER}.`,
    );
  }
  if (counts.salesNavigator > 0) {
    sentences.push(
      `${rows(counts.salesNavigator)} with a Sales Navigator link ${
        counts.salesNavigator === 1 ? 'was' : 'were'
      } skipped: Sales Navigator links cannot be opened as public profiles. Export the leads' public profile URLs (linkedin.com/in/…) instead.`,
    );
  }
  return sentences.length > 0 ? sentences.join(' ') : null;
};
