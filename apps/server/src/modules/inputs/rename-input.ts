import { INPUT_MESSAGES, type TInputSavedResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { inputs } from '../../db/schema';
import { notFound } from '../../http/errors';
import { inputDetailView } from './input-view';

export const renameInput = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
  name: string,
): Promise<TInputSavedResponse> => {
  const [row] = await deps.db
    .update(inputs)
    .set({ name })
    .where(and(eq(inputs.id, id), eq(inputs.userId, userId)))
    .returning();
  if (!row) throw notFound(INPUT_MESSAGES.inputNotFound);
  return { message: INPUT_MESSAGES.renamed, input: inputDetailView(row) };
};
