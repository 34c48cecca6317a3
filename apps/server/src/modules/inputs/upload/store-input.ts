import type { TInputSavedResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../../app-deps';
import { inputs } from '../../../db/schema';
import { inputDetailView } from '../input-view';
import { removeStored } from '../remove-stored';

type Log = { warn: (obj: object, msg: string) => void };

export type StoredFile = { key: string; bytes: Buffer; contentType: string };

/**
 * Stores an accepted upload's files, then its row. If the row cannot be written, the files go again:
 * a refused or failed upload leaves nothing behind, and a row never points at a missing file.
 */
export const storeInput = async (
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  log: Log,
  row: Omit<typeof inputs.$inferInsert, 'storageKey' | 'thumbKey' | 'createdAt'>,
  files: { original: StoredFile; thumbnail?: StoredFile },
  message: string,
): Promise<TInputSavedResponse> => {
  const stored = [files.original, ...(files.thumbnail ? [files.thumbnail] : [])];
  try {
    await Promise.all(stored.map((file) => deps.storage.put(file.key, file.bytes, file.contentType)));
    const [saved] = await deps.db
      .insert(inputs)
      .values({
        ...row,
        storageKey: files.original.key,
        thumbKey: files.thumbnail?.key ?? null,
        createdAt: deps.clock.now(),
      })
      .returning();
    if (!saved) throw new Error('the insert returned no row');
    return { message, input: inputDetailView(saved) };
  } catch (error) {
    await removeStored(
      deps.storage,
      stored.map((file) => file.key),
      log,
    );
    throw error;
  }
};
