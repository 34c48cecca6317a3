import { Readable } from 'node:stream';
import {
  CSV_IMPORT_COLUMNS,
  CSV_IMPORT_KIND_LABELS,
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  type TCsvImportKind,
} from '@sales-assist/contract';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../http/errors';
import { CsvFileError, readCsvRecords } from '../leads/csv/read-csv';

/** One data row: its line as a spreadsheet numbers it (header = 1) and its cells by column name. */
export type ImportRow = { line: number; cells: Record<string, string> };
export type ImportFile = { columns: string[]; rows: ImportRow[] };

const refuse = (message: string): AppError => new AppError(400, 'invalid_file', message);

/** The whole upload (at most CSV_IMPORT_MAX_BYTES: the multipart limit cuts it before with a 413). */
const readAll = async (bytes: AsyncIterable<Uint8Array>): Promise<Buffer> => {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of bytes) {
    size += chunk.length;
    if (size > CSV_IMPORT_MAX_BYTES) throw new AppError(413, 'too_large', tooLargeMessage);
    parts.push(chunk);
  }
  return Buffer.concat(parts);
};

export const tooLargeMessage = `The file is larger than ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB. Please split it and import the parts.`;

const hasUtf16Bom = (head: Buffer) =>
  (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);

/**
 * A CSV is text: a file whose bytes are a known binary format (a spreadsheet saved as .xlsx, a picture,
 * a PDF…) or hold NUL bytes (outside UTF-16) is refused by its content, whatever its name says.
 */
const assertText = async (bytes: Buffer): Promise<void> => {
  const found = await fileTypeFromBuffer(bytes.subarray(0, 4100));
  if (found && !['csv', 'txt', 'xml'].includes(found.ext)) {
    const hint = ['xlsx', 'xls', 'zip', 'cfb'].includes(found.ext)
      ? ' Save the spreadsheet as CSV (comma separated) and upload that file.'
      : '';
    throw refuse(`This file is a ${found.ext.toUpperCase()} file, not a CSV.${hint}`);
  }
  if (!hasUtf16Bom(bytes) && bytes.includes(0)) {
    throw refuse('This file is not a CSV: it holds binary data, not text.');
  }
};

/**
 * Reads an import file whole (it is small: CSV_IMPORT_MAX_BYTES) with the leads import's CSV reader
 * (any common encoding and delimiter, quoted line breaks), and maps its header to `kind`'s columns:
 * header names in any letter case and spacing, every required column present, no unknown or repeated
 * column. Refuses (400) a file that is not text, empty, has no data rows or more than
 * CSV_IMPORT_MAX_ROWS. Cells stay the text they are (a cell starting with "=" is not a formula here).
 */
export const readImportFile = async (
  kind: TCsvImportKind,
  bytes: AsyncIterable<Uint8Array>,
): Promise<ImportFile> => {
  const buffer = await readAll(bytes);
  if (buffer.length === 0) throw refuse('The file is empty');
  await assertText(buffer);
  const records: string[][] = [];
  try {
    for await (const record of readCsvRecords(Readable.from([buffer]))) {
      records.push(record);
      if (records.length > CSV_IMPORT_MAX_ROWS + 1) {
        throw refuse(
          `The file has more than ${CSV_IMPORT_MAX_ROWS} rows; one import takes at most ${CSV_IMPORT_MAX_ROWS}. Please split it and import the parts.`,
        );
      }
    }
  } catch (error) {
    if (error instanceof CsvFileError) throw refuse(error.message);
    throw error;
  }
  // PostgreSQL text cannot hold U+0000 (a UTF-16 file can encode it without a NUL byte check seeing it).
  const withNul = records.findIndex((record) => record.some((cell) => cell.includes('\u0000')));
  if (withNul !== -1)
    throw refuse(`line ${withNul + 1}: the file holds a NUL character, which a text cannot hold`);
  const [header, ...data] = records;
  if (!header) throw refuse('The file is empty');
  const columns = mapColumns(kind, header);
  if (data.length === 0) throw refuse('The file has a header but no rows under it');
  return {
    columns,
    rows: data.map((record, index) => ({
      line: index + 2,
      cells: Object.fromEntries(columns.map((column, at) => [column, (record[at] ?? '').trim()])),
    })),
  };
};

/** Header names match in any letter case, with or without spaces, hyphens or underscores ("Prompt Text"). */
const squash = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

const mapColumns = (kind: TCsvImportKind, header: string[]): string[] => {
  const { required, optional } = CSV_IMPORT_COLUMNS[kind];
  const known: readonly string[] = [...required, ...optional];
  const columns = header.map(
    (name) => known.find((column) => squash(column) === squash(name)) ?? name.trim(),
  );
  const expected = `${CSV_IMPORT_KIND_LABELS[kind]} files have the columns ${required.join(', ')} (and optionally ${optional.join(', ')}). Download the sample CSV to start from.`;
  const unknown = columns.filter((column) => !known.includes(column));
  if (unknown.length > 0) {
    const names = header.filter((_, at) => unknown.includes(columns[at] as string));
    throw refuse(
      `Unknown column${names.length > 1 ? 's' : ''} ${names.map((name) => `"${name}"`).join(', ')}. ${expected}`,
    );
  }
  const repeated = columns.filter((column, at) => columns.indexOf(column) !== at);
  if (repeated.length > 0) throw refuse(`The column "${repeated[0]}" appears twice`);
  const missing = required.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw refuse(`The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}. ${expected}`);
  }
  return columns;
};
