import type { TSkipWebsiteResponse } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type UserRow, users } from '../../db/schema';

/**
 * The person goes on without a website (theirs cannot be scanned, or they have none yet).
 * website_check means "the website step is settled", so sign-in goes to / from now on; a website
 * stays absent (website_url null) until one is added, and content features ask for it then.
 * A website already added is kept: skipping never forgets it.
 */
export const skipWebsite = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'callers'>,
  caller: UserRow,
): Promise<TSkipWebsiteResponse> => {
  await deps.db
    .update(users)
    .set({ websiteCheck: true, updatedAt: deps.clock.now() })
    .where(and(eq(users.id, caller.id), eq(users.websiteCheck, false)));
  // The cached caller holds the old row (the database tells other processes; this one is told here).
  deps.callers.forgetUser(caller.id);
  return { message: 'You can add your website later', website_check: true };
};
