import { createReadStream } from 'node:fs';
import { decideEncoding, type Encoding } from './file-encoding';

const LF = 0x0a;
const CR = 0x0d;

/** Line breaks in bytes: every LF, and every CR not followed by an LF (a CRLF counts once). */
class LineBreakCounter {
  breaks = 0;
  private lastWasCr = false;

  add(bytes: Uint8Array): void {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (buffer.length === 0) return;
    if (this.lastWasCr && buffer[0] !== LF) this.breaks++;
    for (let at = buffer.indexOf(LF); at !== -1; at = buffer.indexOf(LF, at + 1)) this.breaks++;
    for (let at = buffer.indexOf(CR); at !== -1; at = buffer.indexOf(CR, at + 1)) {
      if (at + 1 < buffer.length && buffer[at + 1] !== LF) this.breaks++;
    }
    this.lastWasCr = buffer[buffer.length - 1] === CR;
  }

  /** Lines in all: a last line without a break counts too. */
  get lines(): number {
    return this.breaks + (this.lastWasCr ? 1 : 0) + 1;
  }
}

export type FileScan = {
  /** Decided on the whole file (decideEncoding). */
  encoding: Encoding;
  /**
   * More than the file can hold records: every record ends at a line break or at the end of the file, so
   * the lines bound them (a quoted line break only makes records fewer). In UTF-16 the count of bytes
   * that look like line breaks is higher still.
   */
  recordBound: number;
};

/**
 * One streamed read of a saved upload: its encoding, decided on all of it, and a bound on its records,
 * so an import into an empty list can number its leads before it reads a row (direct-import.ts).
 */
export const scanFile = async (filePath: string): Promise<FileScan> => {
  const counter = new LineBreakCounter();
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of createReadStream(filePath) as AsyncIterable<Uint8Array>) {
      counter.add(chunk);
      yield chunk;
    }
  }
  const chunks = counted();
  // decideEncoding may stop early (a byte order mark, a byte that is not UTF-8): without `return`, its
  // loop leaves the stream open, and the rest is counted below.
  const encoding = await decideEncoding({ [Symbol.asyncIterator]: () => ({ next: () => chunks.next() }) });
  for await (const _ of chunks) {
    // Counted in `counted`.
  }
  return { encoding, recordBound: counter.lines };
};
