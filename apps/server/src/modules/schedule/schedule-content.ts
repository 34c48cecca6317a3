import {
  PLATFORMS_OF_KIND,
  SCHEDULABLE_KINDS,
  SCHEDULE_MESSAGES,
  type TSchedulableKind,
  type TScheduleItem,
} from '@sales-assist/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import {
  type ContentItemRow,
  contentItems,
  type SocialConnectionRow,
  scheduledPosts,
  socialConnections,
  type UserRow,
} from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { queuePublish } from '../publishing/queue-publish';
import { socialDataOf } from '../socials/social-data';
import { localInstant, zoneFor } from './local-instant';
import { refuseThePast } from './refuse-the-past';
import { scheduleItemView } from './schedule-view';

export type ScheduleInput = {
  contentID: number;
  platforms: string[];
  date: string;
  hours: string;
  minutes: string;
  time_zone?: string;
};

const isSchedulable = (kind: string): kind is TSchedulableKind =>
  (SCHEDULABLE_KINDS as readonly string[]).includes(kind);

/** Where this content may go: a blog to WordPress, a LinkedIn post to LinkedIn, a social post to its network. */
const platformsFor = (item: ContentItemRow, kind: TSchedulableKind): readonly string[] =>
  kind === 'social_post' ? [socialDataOf(item).network] : PLATFORMS_OF_KIND[kind];

/**
 * Puts one of the caller's ready content items on the calendar for each chosen account, at the local time
 * read in the asked zone (else the user's, else UTC). Every refusal comes before anything is written, and
 * the rows are written in one transaction: two requests for the same content and account cannot both pass
 * (the unique index), and a refusal leaves none of the others behind. Each row's publish job is queued after.
 */
export const scheduleContent = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
  user: UserRow,
  input: ScheduleInput,
): Promise<TScheduleItem[]> => {
  const at = localInstant(input, zoneFor(input.time_zone, user.timeZone));
  refuseThePast(at, deps.clock.now());

  const [item] = await deps.db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, input.contentID), eq(contentItems.userId, user.id)));
  if (!item) throw notFound(SCHEDULE_MESSAGES.contentNotFound);
  if (!isSchedulable(item.kind)) throw new AppError(400, 'wrong_platform', SCHEDULE_MESSAGES.wrongPlatform);
  if (item.status !== 'ready') throw new AppError(400, 'not_ready', SCHEDULE_MESSAGES.notReady);
  const kind = item.kind;

  const ids = [...new Set(input.platforms)];
  const connections = await deps.db
    .select()
    .from(socialConnections)
    .where(and(inArray(socialConnections.id, ids), eq(socialConnections.userId, user.id)));
  const byId = new Map(connections.map((connection) => [connection.id, connection]));
  const targets: SocialConnectionRow[] = ids.map((id) => {
    const connection = byId.get(id);
    if (!connection) throw notFound(SCHEDULE_MESSAGES.targetNotFound);
    return connection;
  });
  const allowed = platformsFor(item, kind);
  if (targets.some((target) => !allowed.includes(target.platform))) {
    throw new AppError(400, 'wrong_platform', SCHEDULE_MESSAGES.wrongPlatform);
  }
  if (targets.some((target) => target.status === 'reconnect')) {
    throw new AppError(409, 'reconnect', SCHEDULE_MESSAGES.reconnectFirst);
  }

  const now = deps.clock.now();
  const rows = await deps.db.transaction(async (tx) => {
    const written = [];
    for (const target of targets) {
      const [row] = await tx
        .insert(scheduledPosts)
        .values({
          userId: user.id,
          contentItemId: item.id,
          connectionId: target.id,
          platform: target.platform,
          // Outlives an unlink (connection_id turns null), so a reconnect of this account finds the post.
          targetAccountId: target.externalId,
          targetName: target.name,
          scheduledFor: at,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      // Thrown inside the transaction, so the rows written before it are rolled back too.
      if (!row) throw new AppError(409, 'already_scheduled', SCHEDULE_MESSAGES.alreadyScheduled);
      written.push(row);
    }
    return written;
  });
  for (const row of rows) await queuePublish(deps, { id: row.id, at });
  return rows.map((post) => scheduleItemView({ post, kind, title: item.title, bodyStart: item.body }));
};
