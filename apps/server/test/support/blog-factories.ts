import type { TBlogPost } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import { planUsage, users } from '../../src/db/schema';
import type { SeededUser } from './factories';
import type { Harness } from './harness';

/** Gives the user a website (the brand profile's source), as add_website would. */
export const withWebsite = async (
  h: Harness,
  userId: string,
  url = 'https://acme.example',
): Promise<void> => {
  await h.deps.db
    .update(users)
    .set({ websiteUrl: url, websiteName: 'Acme', websiteCheck: true })
    .where(eq(users.id, userId));
};

export const setTier = async (h: Harness, userId: string, tier: 'Basic' | 'Premium'): Promise<void> => {
  await h.deps.db.update(users).set({ subscriptionType: tier }).where(eq(users.id, userId));
};

/** Units of the metric used in any month (the tests run within one). */
export const unitsUsed = async (
  h: Harness,
  userId: string,
  metric: 'blogs' | 'blog_topics',
): Promise<number> => {
  const rows = await h.deps.db
    .select({ used: planUsage.used })
    .from(planUsage)
    .where(and(eq(planUsage.userId, userId), eq(planUsage.metric, metric)));
  return rows.reduce((sum, row) => sum + row.used, 0);
};

export const getBlog = async (h: Harness, user: SeededUser, id: number): Promise<TBlogPost> => {
  const response = await h.call('GET', `/api/blogs/${id}`, { token: user.accessToken });
  if (response.statusCode !== 200)
    throw new Error(`GET /api/blogs/${id}: ${response.statusCode} ${response.body}`);
  return response.json().blog as TBlogPost;
};

/** Polls until `check` answers true (or fails the test after `timeoutMs`). */
export const waitFor = async (
  check: () => Promise<boolean>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};
