import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';

/** A file the import cannot read; the message is for the person who uploaded it. */
export class CsvFileError extends Error {}

export type Delimiter = ',' | ';' | '\t';
type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

const SNIFF_BYTES = 64 * 1024;
/** One record may not grow past this (an unclosed quote would otherwise swallow the file). */
const MAX_RECORD_CHARS = 1024 * 1024;

/** UTF-16 by its byte order mark; UTF-8 when the first 64 KiB decode as such; else Windows-1252 (Excel's "CSV"). */
const sniffEncoding = (head: Uint8Array): Encoding => {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
};

/** The delimiter that splits the header line most often, outside quotes (a comma when none does). */
export const detectDelimiter = (text: string): Delimiter => {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char]++;
  }
  const best = (Object.entries(counts) as [Delimiter, number][]).sort((a, b) => b[1] - a[1])[0];
  return best && best[1] > 0 ? best[0] : ',';
};

/** Reads the first bytes of a stream, leaving the rest to be read on. */
const takeHead = async (source: AsyncIterable<Uint8Array>) => {
  const iterator = source[Symbol.asyncIterator]();
  const parts: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    parts.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(parts);
  async function* all(): AsyncGenerator<Uint8Array> {
    if (head.length) yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, chunks: all(), close: () => iterator.return?.() };
};

async function* decoded(chunks: AsyncIterable<Uint8Array>, encoding: Encoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

const describeParseError = (error: CsvError): string => {
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? ` (line ${line})` : '';
  if (error.code === 'CSV_QUOTE_NOT_CLOSED')
    return `The file is not a valid CSV: a quoted field is not closed${where}`;
  if (error.code === 'CSV_MAX_RECORD_SIZE') return `The file is not a valid CSV: a row is too long${where}`;
  return `The file is not a valid CSV${where}`;
};

/**
 * The records of a CSV file as arrays of trimmed strings, the header first, streamed: any encoding
 * of UTF-8 (with or without BOM), UTF-16 with BOM or Windows-1252; comma, semicolon or tab delimited
 * (detected on the header line); quoted delimiters and line breaks; CRLF or LF; blank lines skipped.
 */
export async function* readCsvRecords(source: AsyncIterable<Uint8Array>): AsyncGenerator<string[]> {
  const { head, chunks, close } = await takeHead(source);
  const encoding = sniffEncoding(head);
  const headText = new TextDecoder(encoding).decode(head.subarray(0, 16 * 1024));
  const input = Readable.from(encoding === 'utf-8' ? chunks : decoded(chunks, encoding));
  const parser = parse({
    delimiter: detectDelimiter(headText),
    bom: true,
    trim: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARS,
  });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (error) {
    if (error instanceof CsvError) throw new CsvFileError(describeParseError(error));
    throw error;
  } finally {
    input.unpipe(parser);
    input.destroy();
    parser.destroy();
    await close();
  }
}
