import { Transform, type TransformCallback } from 'node:stream';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;

/**
 * Passes bytes through and counts the non-blank records on the way (line breaks outside quotes), so
 * an upload knows its row count when it lands, without a second read. Line breaks are those the parser
 * takes: CRLF, LF or a lone CR (old Mac files). An estimate for progress only: the parser's count is the
 * one that decides.
 */
export class RecordCounter extends Transform {
  private quoted = false;
  private lineHasText = false;
  /** The last byte was a CR outside quotes: an LF right after it ends the same line. */
  private afterCr = false;
  private count = 0;

  /** Records seen so far, the header included. */
  get records(): number {
    return this.count + (this.lineHasText ? 1 : 0);
  }

  private endLine(): void {
    if (this.lineHasText) this.count++;
    this.lineHasText = false;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      const afterCr = this.afterCr;
      this.afterCr = false;
      if (byte === QUOTE) {
        this.quoted = !this.quoted;
        this.lineHasText = true;
      } else if (this.quoted) {
        if (byte > SPACE) this.lineHasText = true;
      } else if (byte === CR) {
        this.endLine();
        this.afterCr = true;
      } else if (byte === LF) {
        if (!afterCr) this.endLine();
      } else if (byte > SPACE) {
        this.lineHasText = true;
      }
    }
    callback(null, chunk);
  }
}
