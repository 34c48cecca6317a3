import {
  CONTENT_TYPE_LABELS,
  PLATFORM_LABELS,
  type TSchedulableKind,
  type TScheduleItem,
} from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import { contentItems, type ScheduledPostRow, scheduledPosts } from '../../db/schema';
import { excerptOf } from '../history/history-view';
import { excerpt } from '../outreach/profile-actions';

/** Enough of the body for a title, read in the database so a long blog post never leaves it whole. */
const BODY_START_CHARS = 400;
const TITLE_CHARS = 80;

/** A calendar item's columns: the scheduled row, and its content's kind, title and start of text. */
export const scheduleColumns = {
  post: scheduledPosts,
  kind: contentItems.kind,
  title: contentItems.title,
  bodyStart: sql<string>`left(${contentItems.body}, ${sql.raw(String(BODY_START_CHARS))})`,
};

export type ScheduleRow = {
  post: ScheduledPostRow;
  kind: string;
  title: string;
  bodyStart: string;
};

/** The content's title, or the start of its text (LinkedIn posts have no title of their own). */
export const titleOf = (title: string, body: string): string =>
  title.trim() ? excerpt(title, TITLE_CHARS) : excerpt(excerptOf(body), TITLE_CHARS);

/** Spec §3 schedule item (ID, PostedOn, ContentType) and what the calendar shows beside it. */
export const scheduleItemView = ({ post, kind, title, bodyStart }: ScheduleRow): TScheduleItem => {
  // Only schedulable kinds are ever scheduled (schedule-content.ts checks it).
  const contentKind = kind as TSchedulableKind;
  return {
    ID: post.id,
    PostedOn: post.scheduledFor.toISOString(),
    ContentType: [CONTENT_TYPE_LABELS[contentKind], PLATFORM_LABELS[post.platform]],
    content_id: post.contentItemId,
    content_kind: contentKind,
    title: titleOf(title, bodyStart),
    platform: post.platform,
    target_name: post.targetName,
    connection_id: post.connectionId,
    status: post.status,
    paused_until: post.status === 'scheduled' ? (post.notBefore?.toISOString() ?? null) : null,
    paused_reason: post.status === 'scheduled' ? post.pausedReason : null,
    failure_reason: post.failureReason,
    url: post.externalUrl,
    published_at: post.publishedAt?.toISOString() ?? null,
    attempts: post.attempts,
  };
};
