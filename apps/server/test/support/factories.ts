import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type UserRow, users } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/security/passwords';
import { startSession } from '../../src/modules/auth/start-session';
import type { Harness } from './harness';

export const PASSWORD = 'Sunny-Day1';

export type SeededUser = {
  user: UserRow;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
};

let passwordHash: Promise<string> | undefined;

/** A verified, signed-in account (argon2 once per file: hashing is slow on purpose). */
export const seedUser = async (
  h: Harness,
  options: {
    email?: string;
    admin?: boolean;
    active?: boolean;
    verified?: boolean;
    websiteCheck?: boolean;
    /** The account's plan tier; tests are written for Premium's limits unless they say otherwise. */
    tier?: 'Basic' | 'Premium';
  } = {},
): Promise<SeededUser> => {
  passwordHash ??= hashPassword(PASSWORD);
  const email = options.email ?? `user-${randomBytes(5).toString('hex')}@example.com`;
  const [user] = await h.deps.db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash,
      isAdmin: options.admin ?? false,
      isActive: options.active ?? true,
      isVerified: options.verified ?? true,
      websiteCheck: options.websiteCheck ?? false,
      subscriptionType: options.tier ?? 'Premium',
    })
    .returning();
  if (!user) throw new Error('seedUser: insert returned nothing');
  const tokens = await startSession(h.deps, user, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { user, email, password: PASSWORD, ...tokens };
};

export const reloadUser = async (h: Harness, id: string): Promise<UserRow> => {
  const [user] = await h.deps.db.select().from(users).where(eq(users.id, id));
  if (!user) throw new Error('reloadUser: no such user');
  return user;
};
