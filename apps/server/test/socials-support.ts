import type { TSocialPost } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import { planUsage } from '../src/db/schema';
import { waitFor } from './support/blog-factories';
import type { SeededUser } from './support/factories';
import type { Harness } from './support/harness';

/** social_media_posts units used by the user (the tests run within one month). */
export const socialUnits = async (h: Harness, userId: string): Promise<number> => {
  const rows = await h.deps.db
    .select({ used: planUsage.used })
    .from(planUsage)
    .where(and(eq(planUsage.userId, userId), eq(planUsage.metric, 'social_media_posts')));
  return rows.reduce((sum, row) => sum + row.used, 0);
};

export const getSocial = async (h: Harness, user: SeededUser, id: number): Promise<TSocialPost> => {
  const response = await h.call('GET', `/api/socials/${id}`, { token: user.accessToken });
  if (response.statusCode !== 200)
    throw new Error(`GET /api/socials/${id}: ${response.statusCode} ${response.body}`);
  return response.json<{ post: TSocialPost }>().post;
};

/** Waits until the post's picture is no longer rendering, and answers the post. */
export const settledPicture = async (h: Harness, user: SeededUser, id: number): Promise<TSocialPost> => {
  let post = await getSocial(h, user, id);
  await waitFor(
    async () => {
      post = await getSocial(h, user, id);
      return post.image.status !== 'rendering';
    },
    20_000,
    `the picture of post ${id}`,
  );
  return post;
};
