import { LEADS_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { lists } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../http/errors';

export const LIST_NOT_FOUND = 'List not found';

/** Spec §7 rename_list. Names are unique per user in any letter case (the index decides, race-free). */
export const renameList = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { id: number; new_name: string },
): Promise<TMessageResponse> => {
  try {
    const [renamed] = await deps.db
      .update(lists)
      .set({ name: input.new_name, updatedAt: deps.clock.now() })
      .where(and(eq(lists.id, input.id), eq(lists.userId, userId)))
      .returning({ id: lists.id });
    if (!renamed) throw notFound(LIST_NOT_FOUND);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`You already have a list named "${input.new_name}"`);
    throw error;
  }
  return { message: LEADS_MESSAGES.listRenamed };
};
