import { ADMIN_BILLING_MESSAGES, type TCreditLedgerResponse } from '@sales-assist/contract';
import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../app-deps';
import { creditLedger, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { creditBalance } from '../credits/credit-balance';

const actors = alias(users, 'actor');

/** One page of an account's ledger, newest first, with the e-mail of the admin behind each adjustment. */
export const creditHistory = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  page: { page: number; limit: number },
): Promise<TCreditLedgerResponse> => {
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(ADMIN_BILLING_MESSAGES.userNotFound);
  const [rows, [totals], balance] = await Promise.all([
    deps.db
      .select({ entry: creditLedger, actorEmail: actors.email })
      .from(creditLedger)
      .leftJoin(actors, eq(actors.id, creditLedger.actorId))
      .where(eq(creditLedger.userId, userId))
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(page.limit)
      .offset(page.page * page.limit),
    deps.db.select({ total: count() }).from(creditLedger).where(eq(creditLedger.userId, userId)),
    creditBalance(deps.db, userId),
  ]);
  return {
    entries: rows.map(({ entry, actorEmail }) => ({
      id: entry.id,
      amount: entry.amount,
      reason: entry.reason,
      note: entry.note,
      actor_email: actorEmail,
      reference: entry.reference,
      created_at: entry.createdAt.toISOString(),
    })),
    total: totals?.total ?? 0,
    balance,
  };
};
