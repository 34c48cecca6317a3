import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { creditLedger } from '../../db/schema';

/** The ledger is append-only; the balance is always its sum. */
export const creditBalance = async (db: DbOrTx, userId: string): Promise<number> => {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.balance ?? 0);
};
