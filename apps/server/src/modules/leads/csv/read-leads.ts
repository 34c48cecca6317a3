import type { Encoding } from './file-encoding';
import { findHeader } from './find-header';
import { type ColumnMap, type LeadFields, leadOf } from './lead-columns';
import { isSalesNavigatorUrl } from './linkedin-url';
import { readCsvRecords } from './read-csv';

/** Why a row is not imported: no usable profile URL, or a Sales Navigator link (told apart: it has a fix). */
export type SkipReason = 'no-profile-url' | 'sales-navigator';

/** A data row of a lead file: its lead, or why it has none. */
export type LeadRow = { lead: LeadFields } | { lead: null; reason: SkipReason };

const rowOf = (record: readonly string[], map: ColumnMap): LeadRow => {
  const lead = leadOf(record, map);
  if (lead) return { lead };
  const url = map.url === undefined ? '' : (record[map.url] ?? '');
  return { lead: null, reason: isSalesNavigatorUrl(url) ? 'sales-navigator' : 'no-profile-url' };
};

export type ReadLeadsOptions = {
  /** Decided on the whole file (decideEncoding) when the file can be read twice; else from its head. */
  encoding?: Encoding;
  /** Told once the header is found: how many records (the header and any notes above it) are not data. */
  onHeader?: (recordsBeforeData: number) => void;
};

/**
 * The data rows of a lead file in file order, streamed. Throws CsvFileError for a file the import cannot
 * use (empty, no header, no URL column, broken CSV).
 */
export async function* readLeads(
  source: AsyncIterable<Uint8Array>,
  options: ReadLeadsOptions = {},
): AsyncGenerator<LeadRow> {
  const records = readCsvRecords(source, options.encoding ? { encoding: options.encoding } : {});
  try {
    const { map, recordsBeforeData } = await findHeader(records);
    options.onHeader?.(recordsBeforeData);
    for await (const record of records) yield rowOf(record, map);
  } finally {
    await records.return(undefined);
  }
}

export type LeadFileCounts = {
  rows: number;
  skipped: number;
  duplicates: number;
  /** Of the skipped rows, those holding a Sales Navigator link. */
  salesNavigator: number;
};

/** What a file would import: usable rows counted once per profile, rows without one, repeats. */
export const countLeads = async (source: AsyncIterable<Uint8Array>): Promise<LeadFileCounts> => {
  const seen = new Set<string>();
  let skipped = 0;
  let duplicates = 0;
  let salesNavigator = 0;
  for await (const row of readLeads(source)) {
    if (!row.lead) {
      skipped++;
      if (row.reason === 'sales-navigator') salesNavigator++;
    } else if (seen.has(row.lead.linkedinUrl)) duplicates++;
    else seen.add(row.lead.linkedinUrl);
  }
  return { rows: seen.size, skipped, duplicates, salesNavigator };
};
