import { ZEmail } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/security/passwords';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: the account exists, verified, active and admin after start. The password
 * is set when the account is created; later a password the admin chose in the app is kept.
 */
export const ensureAdminAccount = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  admin: { email: string; password: string },
): Promise<void> => {
  const email = ZEmail.parse(admin.email);
  const now = deps.clock.now();
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    await deps.db
      .update(users)
      .set({ isAdmin: true, isActive: true, isVerified: true, updatedAt: now })
      .where(eq(users.id, existing.id));
    return;
  }
  await deps.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(admin.password),
      isAdmin: true,
      isActive: true,
      isVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
};
