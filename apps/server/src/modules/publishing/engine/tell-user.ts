import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { contentItems, type ScheduledPostRow, users } from '../../../db/schema';
import { tokenDaysLeft } from '../../../lib/clients/publishing/linkedin';
import { contentBodyStart, titleOf } from '../../content/content-title';
import { notify } from '../../notices/notify';
import { PLATFORM_NAMES } from '../publishers/content-checks';

/** How the user recognises the post: the calendar's title of its content. */
const nameOfContent = async (deps: AppDeps, post: ScheduledPostRow): Promise<string> => {
  const [item] = await deps.db
    .select({ title: contentItems.title, bodyStart: contentBodyStart })
    .from(contentItems)
    .where(eq(contentItems.id, post.contentItemId));
  return (item && titleOf(item.title, item.bodyStart)) || 'Your post';
};

const ownerOf = async (deps: AppDeps, userId: string) => {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
};

const postLink = (post: ScheduledPostRow) => `/schedule?post=${post.id}`;

/** What went wrong and where, in the app and by e-mail: a failure is never silent. */
export const tellPublishFailed = async (
  deps: AppDeps,
  post: ScheduledPostRow,
  failure: { reason: string; reconnect: boolean },
): Promise<void> => {
  const user = await ownerOf(deps, post.userId);
  if (!user) return;
  const platform = PLATFORM_NAMES[post.platform];
  const name = await nameOfContent(deps, post);
  const notice = failure.reconnect
    ? {
        kind: 'reconnect' as const,
        title: `Reconnect your ${platform} account`,
        body: `“${name}” was not published to ${post.targetName}: ${failure.reason} Reconnect the account on the Integrations page, then retry the post from the calendar.`,
        link: '/integrations',
      }
    : {
        kind: 'publish_failed' as const,
        title: `Not published on ${platform}`,
        body: `“${name}” was not published to ${post.targetName}: ${failure.reason} You can retry it from the calendar.`,
        link: postLink(post),
      };
  await notify(deps, user, notice, { email: true });
};

/** The outcome is unknown and the platform cannot be asked: the user looks and decides. */
export const tellPublishHeld = async (
  deps: AppDeps,
  post: ScheduledPostRow,
  reason: string,
): Promise<void> => {
  const user = await ownerOf(deps, post.userId);
  if (!user) return;
  const platform = PLATFORM_NAMES[post.platform];
  const name = await nameOfContent(deps, post);
  await notify(
    deps,
    user,
    {
      kind: 'publish_held',
      title: `Check whether your post reached ${platform}`,
      body: `We sent “${name}” to ${post.targetName} but ${platform} did not say whether it was published, and it cannot be asked (${reason}). Look at ${post.targetName}: if the post is not there, retry it from the calendar; it is not sent again until you do.`,
      link: postLink(post),
    },
    { email: true },
  );
};

/** A LinkedIn sign-in ends soon (LinkedIn tokens last 60 days and cannot be renewed by the app). */
export const tellTokenExpiring = async (
  deps: AppDeps,
  connection: { userId: string; platform: ScheduledPostRow['platform']; name: string; tokenExpiresAt: Date },
): Promise<void> => {
  const user = await ownerOf(deps, connection.userId);
  if (!user) return;
  const platform = PLATFORM_NAMES[connection.platform];
  const days = tokenDaysLeft(connection.tokenExpiresAt, deps.clock.now());
  await notify(
    deps,
    user,
    {
      kind: 'token_expiring',
      title: `Your ${platform} connection ends in ${days} day${days === 1 ? '' : 's'}`,
      body: `${platform}’s sign-in for ${connection.name} ends on ${connection.tokenExpiresAt.toISOString().slice(0, 10)}. Reconnect it on the Integrations page before then, so your scheduled posts keep going out.`,
      link: '/integrations',
    },
    { email: true },
  );
};
