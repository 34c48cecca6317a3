import { type LeadFields, leadOf, mapHeader } from './lead-columns';
import { CsvFileError, readCsvRecords } from './read-csv';

/**
 * The leads of a CSV file in file order, streamed; null stands for a row without a usable profile URL.
 * Throws CsvFileError for a file the import cannot use (empty, no header, no URL column, broken CSV).
 */
export async function* readLeads(source: AsyncIterable<Uint8Array>): AsyncGenerator<LeadFields | null> {
  const records = readCsvRecords(source);
  const first = await records.next();
  if (first.done) throw new CsvFileError('The file is empty');
  const map = mapHeader(first.value);
  for await (const record of records) yield leadOf(record, map);
}

export type LeadFileCounts = { rows: number; skipped: number; duplicates: number };

/** What a file would import: usable rows counted once per profile, rows without one, repeats. */
export const countLeads = async (source: AsyncIterable<Uint8Array>): Promise<LeadFileCounts> => {
  const seen = new Set<string>();
  let skipped = 0;
  let duplicates = 0;
  for await (const lead of readLeads(source)) {
    if (!lead) skipped++;
    else if (seen.has(lead.linkedinUrl)) duplicates++;
    else seen.add(lead.linkedinUrl);
  }
  return { rows: seen.size, skipped, duplicates };
};
