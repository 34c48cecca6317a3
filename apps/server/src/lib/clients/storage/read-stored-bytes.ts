import type { Storage } from './types';

/** A stored file's whole bytes (fonts, logos and pictures are at most a few MB); null when it is gone. */
export const readStoredBytes = async (storage: Storage, key: string): Promise<Buffer | null> => {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
};
