import type { Storage } from '../../lib/clients/storage';

type Log = { warn: (obj: object, msg: string) => void };

/** Removes files that nothing refers to any more; a failure is logged, as the answer stands already. */
export const removeStored = async (
  storage: Storage,
  keys: readonly (string | null)[],
  log: Log,
): Promise<void> => {
  await Promise.all(
    keys
      .filter((key): key is string => key !== null)
      .map((key) =>
        storage
          .delete(key)
          .catch((error: unknown) => log.warn({ err: error, key }, 'stored file not removed')),
      ),
  );
};
