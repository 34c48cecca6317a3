import { type ColumnMap, columnsOf, looksLikeProfileUrl } from './lead-columns';
import { CsvFileError } from './read-csv';

/**
 * How far down the header is looked for. LinkedIn's own Connections.csv ("Get a copy of your data") puts
 * it on line 4, after a "Notes:" line, a line of text about e-mail addresses and an empty line.
 */
const HEADER_SEARCH_RECORDS = 10;

export const NO_URL_COLUMN =
  'No LinkedIn profile URL column found: name it "Linkedin URL", as in the sample CSV';
const NO_HEADER = 'The file has no header row: its first row must name the columns, as in the sample CSV';

export type FoundHeader = {
  map: ColumnMap;
  /** Records read up to and including the header (the lines above it too): what is not a data row. */
  recordsBeforeData: number;
};

/**
 * Reads `records` up to the header: the first record that names a profile-URL column, within the first
 * few. Only one-cell lines (a title, LinkedIn's notes) may come before it; a record of several cells
 * without such a column is the header without it. Throws the message for a file the import cannot use.
 */
export const findHeader = async (records: AsyncIterator<string[]>): Promise<FoundHeader> => {
  let read = 0;
  let sawText = false;
  while (read < HEADER_SEARCH_RECORDS) {
    const next = await records.next();
    if (next.done) break;
    read++;
    const record = next.value;
    const cells = record.filter((cell) => cell.trim());
    if (cells.length === 0) continue;
    // Data before any header: the file starts with rows (or its header lacks the column).
    if (record.some(looksLikeProfileUrl)) throw new CsvFileError(sawText ? NO_URL_COLUMN : NO_HEADER);
    const map = columnsOf(record);
    if (map.url !== undefined) return { map, recordsBeforeData: read };
    if (cells.length > 1) throw new CsvFileError(NO_URL_COLUMN);
    sawText = true;
  }
  if (read === 0) throw new CsvFileError('The file is empty');
  throw new CsvFileError(sawText ? NO_URL_COLUMN : 'The file has no header row');
};
