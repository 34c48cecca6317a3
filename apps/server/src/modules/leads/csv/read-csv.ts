import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { decideEncoding, type Encoding } from './file-encoding';
import { type Delimiter, separatorOf } from './separator-line';

/** A file the import cannot read; the message is for the person who uploaded it. */
export class CsvFileError extends Error {}

/** Bytes read before the records start: the delimiter (and an unknown source's encoding) come from them. */
const SNIFF_BYTES = 64 * 1024;
/** One record may not grow past this (an unclosed quote would otherwise swallow the file). */
const MAX_RECORD_CHARS = 1024 * 1024;

/**
 * The delimiter that splits the first line holding one most often, outside quotes (a comma when no line
 * does): the header's line, or the first after lines without any (LinkedIn's "Notes:" lines).
 */
export const detectDelimiter = (text: string): Delimiter => {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (counts[','] + counts[';'] + counts['\t'] > 0) break;
    } else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char]++;
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

/** Text in chunks; the decoder drops a byte order mark and writes U+FFFD for bytes it cannot read. */
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
 * The records of a CSV file as arrays of trimmed strings, streamed: UTF-8 (with or without BOM), UTF-16
 * with BOM or Windows-1252; comma, semicolon or tab delimited (named by Excel's `sep=;` first line, else
 * detected); quoted delimiters and line breaks; CRLF, LF or CR; blank lines skipped. `encoding`: decided by
 * the caller on the whole file (decideEncoding over a first read); without it, on the first 64 KiB, which
 * is enough for counting rows: delimiters, quotes and profile URLs are ASCII in every encoding read here.
 */
export async function* readCsvRecords(
  source: AsyncIterable<Uint8Array>,
  options: { encoding?: Encoding } = {},
): AsyncGenerator<string[]> {
  const { head, chunks, close } = await takeHead(source);
  const encoding = options.encoding ?? (await decideEncoding([head]));
  const headText = new TextDecoder(encoding).decode(head.subarray(0, 16 * 1024));
  const separator = separatorOf(headText.split(/\r\n|\n|\r/, 1)[0] ?? '');
  // csv-parse reads UTF-8 bytes itself (a BOM dropped, unreadable bytes as U+FFFD, like TextDecoder).
  const input = Readable.from(encoding === 'utf-8' ? chunks : decoded(chunks, encoding));
  const parser = parse({
    delimiter: separator ?? detectDelimiter(headText),
    // The `sep=` line names the delimiter; it is not a record (line numbers stay the file's).
    ...(separator ? { from_line: 2 } : {}),
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
