import type { TAdminUsersResponse, TMessageResponse } from '@sales-assist/contract';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { creditLedger, users } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { endSessions } from '../auth/end-sessions';

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * One page of accounts, newest first; the search matches any part of the e-mail, in any letter case
 * (ILIKE, served by the trigram index users_email_trgm_idx).
 */
export const listUsers = async (
  deps: Pick<AppDeps, 'db'>,
  input: { page: number; limit: number; query: string },
): Promise<TAdminUsersResponse> => {
  const filter = input.query ? ilike(users.email, `%${escapeLike(input.query)}%`) : undefined;
  const balance = deps.db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, users.id));
  const [rows, [totals]] = await Promise.all([
    deps.db
      .select({ user: users, credits: sql<string>`(${balance})` })
      .from(users)
      .where(filter)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(input.limit)
      .offset(input.page * input.limit),
    deps.db.select({ total: count() }).from(users).where(filter),
  ]);
  return {
    users: rows.map(({ user, credits }) => ({
      id: user.id,
      email: user.email,
      is_admin: user.isAdmin,
      is_active: user.isActive,
      is_verified: user.isVerified,
      subscription_type: user.subscriptionType,
      credits: Number(credits),
      created_at: user.createdAt.toISOString(),
    })),
    total: totals?.total ?? 0,
  };
};

/** Deactivating also ends the account's sessions so it takes effect everywhere at once. */
export const setUserActive = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'callers'>,
  callerId: string,
  input: { id: string; is_active: boolean },
): Promise<TMessageResponse> => {
  if (input.id === callerId && !input.is_active) throw forbidden('You cannot deactivate your own account');
  const [updated] = await deps.db
    .update(users)
    .set({ isActive: input.is_active, updatedAt: deps.clock.now() })
    .where(and(eq(users.id, input.id)))
    .returning({ id: users.id });
  if (!updated) throw notFound('User not found');
  deps.callers.forgetUser(input.id);
  if (!input.is_active) await endSessions(deps, { userId: input.id }, 'account deactivated');
  return { message: input.is_active ? 'User activated' : 'User deactivated' };
};
