import {
  CONTENT_TYPE_LABELS,
  PLATFORM_LABELS,
  type TSchedulableKind,
  type TScheduleItem,
} from '@sales-assist/contract';
import { contentItems, type ScheduledPostRow, scheduledPosts } from '../../db/schema';
import { contentBodyStart, titleOf } from '../content/content-title';

/** A calendar item's columns: the scheduled row, and its content's kind, title and start of text. */
export const scheduleColumns = {
  post: scheduledPosts,
  kind: contentItems.kind,
  title: contentItems.title,
  bodyStart: contentBodyStart,
};

export type ScheduleRow = {
  post: ScheduledPostRow;
  kind: string;
  title: string;
  bodyStart: string;
};

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
