import { createHash } from 'node:crypto';

/**
 * Bytes that look random but are the same for the same seed (xorshift32), so a test can make a "model
 * file" of a few hundred KB and know its SHA-256 without keeping the file: the download code does not care
 * whether the bytes are a model.
 */
export const seededBytes = (seed: number, size: number): Buffer => {
  const bytes = Buffer.alloc(size);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < size; index += 1) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bytes[index] = state & 0xff;
  }
  return bytes;
};

/** The lowercase hex SHA-256 of some bytes, as a model's publisher lists it. */
export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
