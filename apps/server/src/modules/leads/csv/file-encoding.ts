/** The text encodings a lead file is read in (WHATWG names, as TextDecoder takes them). */
export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The encoding a byte order mark names, or null when the bytes start without one. */
const encodingOfBom = (head: Uint8Array): Encoding | null => {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
};

/**
 * The encoding of the text in `chunks`, decided on all of it (streamed, one chunk in memory at a time):
 * the byte order mark's when there is one (a UTF-8 BOM wins even over bytes that are not UTF-8: those
 * become U+FFFD, which the import counts and tells); else UTF-8 when every byte sequence is valid UTF-8;
 * else Windows-1252, what Excel's "CSV" writes on a western Windows (every byte has a character in it).
 * A UTF-8 sequence cut by the end of `chunks` still counts as UTF-8: the head of a file may end inside one.
 */
export const decideEncoding = async (
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<Encoding> => {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const readsAsUtf8 = (bytes: Uint8Array): boolean => {
    try {
      utf8.decode(bytes, { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  // The first bytes, gathered until a byte order mark can be told (2–3 bytes, even from tiny chunks).
  let start: Uint8Array | null = new Uint8Array(0);
  for await (const chunk of chunks) {
    let bytes = chunk;
    if (start) {
      start = Buffer.concat([start, chunk]);
      if (start.length < 3) continue;
      const bom = encodingOfBom(start);
      if (bom) return bom;
      bytes = start;
      start = null;
    }
    if (!readsAsUtf8(bytes)) return 'windows-1252';
  }
  if (start) return encodingOfBom(start) ?? (readsAsUtf8(start) ? 'utf-8' : 'windows-1252');
  return 'utf-8';
};
