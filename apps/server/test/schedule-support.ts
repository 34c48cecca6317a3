import type { TScheduleRequest } from '@sales-assist/contract';
import {
  type ContentItemRow,
  type ScheduledPostRow,
  type SocialConnectionRow,
  scheduledPosts,
  socialConnections,
} from '../src/db/schema';
import type { JobName, JobPayloads } from '../src/jobs/job-queue';
import { fixedClock } from '../src/lib/core/clock';
import { seedContentItem } from './support/content-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

/** Calls the API as `user`. */
export const callAs =
  (h: Harness) =>
  (user: SeededUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    h.call(method, `/api${url}`, { token: user.accessToken, ...(body === undefined ? {} : { body }) });

/** A job the API queued: which, for what, and for when. */
export type SentJob = { name: JobName; data: unknown; startAfter: Date | undefined; singletonKey?: string };

/**
 * A harness for the calendar API: a clock the test moves, and a job queue that records what is queued
 * instead of running it, so no publishing engine changes a row under the test; `call` calls the API.
 */
export const startScheduleHarness = async (now: Date) => {
  const clock = fixedClock(now);
  const sent: SentJob[] = [];
  const jobs = {
    send: async <N extends JobName>(
      name: N,
      data: JobPayloads[N],
      options?: { singletonKey?: string; startAfter?: Date },
    ) => {
      sent.push({ name, data, startAfter: options?.startAfter, singletonKey: options?.singletonKey });
    },
  };
  const h = await startHarness({ engine: false, deps: { clock, jobs } });
  // Two users: one whose calendar a test fills, one who must never see it.
  const owner = await seedUser(h);
  const stranger = await seedUser(h);
  return { h, clock, sent, call: callAs(h), owner, stranger };
};

export type ScheduleHarness = Awaited<ReturnType<typeof startScheduleHarness>>;

let accounts = 0;

/** A connected account, saved as the Integrations page saves one (token sealed). */
export const seedConnection = async (
  h: Harness,
  user: SeededUser,
  platform: SocialConnectionRow['platform'],
  options: { name?: string; status?: SocialConnectionRow['status'] } = {},
): Promise<SocialConnectionRow> => {
  accounts += 1;
  const [row] = await h.deps.db
    .insert(socialConnections)
    .values({
      userId: user.user.id,
      platform,
      externalId: `${platform}-${accounts}`,
      name: options.name ?? `${platform} account ${accounts}`,
      pictureUrl: platform === 'wordpress' ? null : `https://example.com/${platform}-${accounts}.png`,
      sealedToken: h.deps.vault.seal(`token-${accounts}`),
      status: options.status ?? 'connected',
    })
    .returning();
  if (!row) throw new Error('seedConnection: insert returned nothing');
  return row;
};

export const seedBlog = (h: Harness, user: SeededUser, item: Partial<ContentItemRow> = {}) =>
  seedContentItem(h, user.user.id, {
    kind: 'blog',
    title: 'Five ways to brew better coffee',
    body: '<h2>Start</h2><p>Fresh beans &amp; clean water.</p>',
    ...item,
  });

export const seedLinkedinPost = (h: Harness, user: SeededUser, item: Partial<ContentItemRow> = {}) =>
  seedContentItem(h, user.user.id, {
    kind: 'linkedin_post',
    title: '',
    body: 'We roast every Monday so your coffee is never older than a week. Here is why freshness matters more than origin for most people.',
    ...item,
  });

export const seedSocialPost = (
  h: Harness,
  user: SeededUser,
  network: 'facebook' | 'instagram' | 'linkedin',
  options: { picture?: boolean } = {},
) =>
  seedContentItem(h, user.user.id, {
    kind: 'social_post',
    title: `${network}: Freshness`,
    body: 'Fresh coffee, every week. #coffee',
    data: {
      network,
      hashtags: ['#coffee'],
      image: {
        status: options.picture === false ? 'failed' : 'ready',
        storageKey: options.picture === false ? null : 'socials/x/1-v1.png',
      },
    },
  });

/** A scheduled row written straight to the table, in any state (as the engine would leave it). */
export const seedScheduledPost = async (
  h: Harness,
  user: SeededUser,
  item: ContentItemRow,
  connection: SocialConnectionRow,
  row: Partial<ScheduledPostRow> & { scheduledFor: Date },
): Promise<ScheduledPostRow> => {
  const [post] = await h.deps.db
    .insert(scheduledPosts)
    .values({
      userId: user.user.id,
      contentItemId: item.id,
      connectionId: connection.id,
      platform: connection.platform,
      targetAccountId: connection.externalId,
      targetName: connection.name,
      ...row,
    })
    .returning();
  if (!post) throw new Error('seedScheduledPost: insert returned nothing');
  return post;
};

/** The form's fields for a local date and time. */
export const at = (
  date: string,
  time: string,
  rest: { contentID: number; platforms: string[]; time_zone?: string },
): TScheduleRequest => {
  const [hours = '', minutes = ''] = time.split(':');
  return { ...rest, date, hours, minutes };
};
