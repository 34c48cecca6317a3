import type { TSelectPeopleResponse } from '@sales-assist/contract';
import { and, eq, not } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { leads } from '../../db/schema';
import { notFound } from '../../http/errors';

/** Spec §7 select_people: flips one of the caller's leads between selected and not, atomically. */
export const selectPeople = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { id: number },
): Promise<TSelectPeopleResponse> => {
  const [lead] = await deps.db
    .update(leads)
    .set({ isSelected: not(leads.isSelected) })
    .where(and(eq(leads.id, input.id), eq(leads.userId, userId)))
    .returning({ isSelected: leads.isSelected });
  if (!lead) throw notFound('Lead not found');
  return { message: lead.isSelected ? 'Lead selected' : 'Lead unselected', isSelected: lead.isSelected };
};
