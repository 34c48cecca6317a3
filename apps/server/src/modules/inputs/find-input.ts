import { INPUT_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type InputRow, inputs } from '../../db/schema';
import { notFound } from '../../http/errors';

/** The caller's input, or 404 (another user's input is answered exactly like a missing one). */
export const findOwnInput = async (db: DbOrTx, userId: string, id: number): Promise<InputRow> => {
  const [input] = await db
    .select()
    .from(inputs)
    .where(and(eq(inputs.id, id), eq(inputs.userId, userId)));
  if (!input) throw notFound(INPUT_MESSAGES.inputNotFound);
  return input;
};
