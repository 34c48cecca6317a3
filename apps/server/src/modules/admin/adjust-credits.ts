import {
  ADMIN_ADJUSTMENT_REASON,
  ADMIN_BILLING_MESSAGES,
  type TAdjustCreditsResponse,
} from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { creditLedger, users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { creditBalance } from '../credits/credit-balance';

/**
 * An admin grants (amount > 0) or removes (amount < 0) credits: one ledger entry naming the admin and
 * their reason. One transaction behind a lock on the account's row (the lock campaign creation takes to
 * spend), so concurrent removals and spends queue and a balance never goes below zero.
 */
export const adjustCredits = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  adminId: string,
  userId: string,
  input: { amount: number; reason: string },
): Promise<TAdjustCreditsResponse> => {
  const credits = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound(ADMIN_BILLING_MESSAGES.userNotFound);
    const balance = await creditBalance(tx, userId);
    if (balance + input.amount < 0) throw conflict(ADMIN_BILLING_MESSAGES.notEnoughToRemove(balance));
    await tx.insert(creditLedger).values({
      userId,
      amount: input.amount,
      reason: ADMIN_ADJUSTMENT_REASON,
      actorId: adminId,
      note: input.reason,
      createdAt: deps.clock.now(),
    });
    return balance + input.amount;
  });
  return { message: ADMIN_BILLING_MESSAGES.updated, credits };
};
