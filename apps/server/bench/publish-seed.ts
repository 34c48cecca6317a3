/**
 * What the publishing benches share: accounts of the platform sandbox connected as Integrations saves
 * them, each with POSTS_PER_ACCOUNT ready items, scheduled through the schedule service for one minute, and
 * the posts the platforms hold (a second one of the same account and text is a duplicate).
 */
import type { PlatformSandbox } from '@sales-assist/platform-sandbox';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../src/app-deps';
import { contentItems, type UserRow, users } from '../src/db/schema';
import { saveConnection } from '../src/modules/integrations/connections';
import { scheduleContent } from '../src/modules/schedule/schedule-content';

export const POSTS_PER_ACCOUNT = 10;

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Account = { user: UserRow; connectionId: string; platform: 'linkedin' | 'wordpress' };

/** The member's token as LinkedIn's OAuth would give it (the world's own issuer, as the sandbox's tests use). */
const linkedInToken = (sandbox: PlatformSandbox, sub: string): string =>
  (
    sandbox.platforms.linkedin as unknown as {
      issueToken: (sub: string, scopes: string[]) => { value: string };
    }
  ).issueToken(sub, ['openid', 'profile', 'email', 'w_member_social']).value;

/** Users each with one account connected as Integrations saves it: `linkedin` LinkedIn members, then `wordpress` sites. */
export const connectAccounts = async (
  deps: AppDeps,
  sandbox: PlatformSandbox,
  counts: { linkedin: number; wordpress: number },
): Promise<Account[]> => {
  const accounts: Account[] = [];
  const total = counts.linkedin + counts.wordpress;
  for (let a = 0; a < total; a++) {
    const [user] = await deps.db
      .insert(users)
      .values({ email: `publisher-${a}@example.com`, passwordHash: 'x', isVerified: true, timeZone: 'UTC' })
      .returning();
    if (!user) throw new Error('no user');
    const platform = a < counts.linkedin ? 'linkedin' : 'wordpress';
    if (platform === 'linkedin') {
      const member = sandbox.platforms.linkedin.addMember({
        name: `Member ${a}`,
        email: `member-${a}@example.com`,
      });
      await saveConnection(deps, user.id, {
        platform,
        externalId: member.sub,
        name: member.name,
        pictureUrl: null,
        token: linkedInToken(sandbox, member.sub),
        meta: { scopes: ['openid', 'profile', 'email', 'w_member_social'] },
        tokenExpiresAt: new Date(Date.now() + 60 * 86_400_000),
      });
    } else {
      const site = `site-${a}`;
      const baseUrl = sandbox.platforms.wordpress.addSite({ name: site, title: `Site ${a}` });
      const { applicationPassword } = sandbox.platforms.wordpress.addUser(site, {
        username: 'editor',
        role: 'editor',
      });
      await saveConnection(deps, user.id, {
        platform,
        externalId: `${baseUrl} editor`,
        name: `Editor of site ${a}`,
        pictureUrl: null,
        token: applicationPassword,
        meta: { baseUrl, username: 'editor', restStyle: 'pretty' },
        tokenExpiresAt: null,
      });
    }
    const [row] = (
      (await deps.db.execute(
        sql`SELECT id FROM social_connections WHERE user_id = ${user.id}::uuid`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    if (!row) throw new Error('no connection');
    accounts.push({ user, connectionId: row.id, platform });
  }
  return accounts;
};

/** Each account's 10 ready items: LinkedIn posts or blog posts, every text its own (LinkedIn refuses repeats). */
export const writeContent = async (deps: AppDeps, account: Account, index: number): Promise<number[]> => {
  const rows = Array.from({ length: POSTS_PER_ACCOUNT }, (_, p) => {
    const label = `post ${p} of account ${index}`;
    return account.platform === 'linkedin'
      ? {
          userId: account.user.id,
          writer: 'offline' as const,
          kind: 'linkedin_post' as const,
          status: 'ready' as const,
          title: `Pipeline note, ${label}`,
          body: `Pipeline note, ${label}\nReview every deal weekly. #sales`,
          data: {
            hook: `Pipeline note, ${label}`,
            hashtags: ['#sales'],
            status: 'draft',
            source: { type: 'topic', label: 'Pipelines', id: null },
            variant: 0,
            variants: 1,
          },
        }
      : {
          userId: account.user.id,
          writer: 'offline' as const,
          kind: 'blog' as const,
          status: 'ready' as const,
          title: `Weekly reviews, ${label}`,
          body: `<h2>Why weekly</h2><p>Deals move weekly (${label}).</p>`,
          data: {
            topic: `Weekly reviews, ${label}`,
            keywords: ['pipeline'],
            length: 'short',
            planPeriod: '2026-11',
          },
        };
  });
  const saved = await deps.db.insert(contentItems).values(rows).returning({ id: contentItems.id });
  return saved.map((row) => row.id);
};

/** Every account's items, scheduled through the schedule service for `minute` (UTC). */
export const scheduleAll = async (
  deps: AppDeps,
  accounts: Account[],
  items: number[][],
  minute: Date,
): Promise<void> => {
  for (const [index, account] of accounts.entries()) {
    for (const contentID of items[index] ?? []) {
      await scheduleContent(deps, account.user, {
        contentID,
        platforms: [account.connectionId],
        date: minute.toISOString().slice(0, 10),
        hours: String(minute.getUTCHours()).padStart(2, '0'),
        minutes: String(minute.getUTCMinutes()).padStart(2, '0'),
        time_zone: 'UTC',
      });
    }
  }
};

/** The platforms' side: every post the sandbox holds, by its account and text; a second one is a duplicate. */
export const postsOnPlatforms = (sandbox: PlatformSandbox): { onPlatforms: number; duplicates: number } => {
  const held = new Map<string, number>();
  const count = (key: string) => held.set(key, (held.get(key) ?? 0) + 1);
  for (const post of sandbox.platforms.linkedin.posts()) count(`linkedin ${post.author} ${post.commentary}`);
  for (const site of sandbox.platforms.wordpress.sites())
    for (const post of site.posts) count(`wordpress ${site.name} ${post.title}`);
  const onPlatforms = [...held.values()].reduce((sum, n) => sum + n, 0);
  const duplicates = [...held.values()].reduce((sum, n) => sum + (n - 1), 0);
  return { onPlatforms, duplicates };
};
