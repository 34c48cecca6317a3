import { INPUT_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { inputs } from '../../db/schema';
import { notFound } from '../../http/errors';
import { removeStored } from './remove-stored';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Deletes the input, then its files. The row goes first: should removing a file fail, what is left is
 * an unreferenced file (logged), never a row that points at nothing.
 */
export const deleteInput = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
  id: number,
  log: Log,
): Promise<TMessageResponse> => {
  const [row] = await deps.db
    .delete(inputs)
    .where(and(eq(inputs.id, id), eq(inputs.userId, userId)))
    .returning({ storageKey: inputs.storageKey, thumbKey: inputs.thumbKey });
  if (!row) throw notFound(INPUT_MESSAGES.inputNotFound);
  await removeStored(deps.storage, [row.storageKey, row.thumbKey], log);
  return { message: INPUT_MESSAGES.deleted };
};
