import { ZInstant } from './common';
import { type TSocialPlatform, ZSocialPlatform } from './integrations';
import { ZId } from './leads';
import { z } from './messages';

/**
 * The calendar (spec §2 /schedule, §3 schedule item and calendar state, §7 GET /schedule, §9 default time)
 * and the publishing engine's view of each post. One schedule item is one content item going to one
 * connected account at one instant; instants travel as ISO 8601 in UTC and are shown in the user's zone.
 */

/** What can be published where: a blog to WordPress, a LinkedIn post to LinkedIn, a social post to its network. */
export const SCHEDULABLE_KINDS = ['blog', 'linkedin_post', 'social_post'] as const;
export type TSchedulableKind = (typeof SCHEDULABLE_KINDS)[number];
export const ZSchedulableKind = z.enum(SCHEDULABLE_KINDS);

export const PLATFORMS_OF_KIND: Record<TSchedulableKind, readonly TSocialPlatform[]> = {
  blog: ['wordpress'],
  linkedin_post: ['linkedin'],
  // A social post is written for one network (its data.network); it goes to accounts of that network.
  social_post: ['facebook', 'instagram', 'linkedin'],
};

/** Spec §3: the calendar's first content type, and the title it makes ("14:05 Blog"). */
export const CONTENT_TYPE_LABELS: Record<TSchedulableKind, string> = {
  blog: 'Blog',
  linkedin_post: 'LinkedIn Post',
  social_post: 'Social Post',
};

/** The tiles' names (spec §2 Integrations). */
export const PLATFORM_LABELS: Record<TSocialPlatform, string> = {
  linkedin: 'Linkedin',
  facebook: 'Facebook',
  instagram: 'Instagram',
  wordpress: 'Wordpress',
};

/**
 * - scheduled: waits for its minute, or is paused by a platform's rate limit until `paused_until`;
 * - publishing: with the platform right now (or being read back after an interrupted attempt);
 * - published: on the platform (`url`);
 * - failed: refused, or the account must be reconnected (`failure_reason`); can be retried;
 * - held: the platform may have published it but cannot be asked; the user checks and decides.
 */
export const SCHEDULE_STATES = ['scheduled', 'publishing', 'published', 'failed', 'held'] as const;
export const ZScheduleState = z.enum(SCHEDULE_STATES);
export type TScheduleState = z.infer<typeof ZScheduleState>;

export const SCHEDULE_MESSAGES = {
  scheduled: 'Scheduled',
  rescheduled: 'Rescheduled',
  cancelled: 'Removed from the calendar',
  retried: 'It will be published again now',
  inThePast: 'Pick a time in the future',
  noTargets: 'Choose at least one account',
  notReady: 'This content is not ready to publish yet',
  wrongPlatform: 'This content cannot be published there',
  alreadyScheduled: 'This content is already on the calendar for that account',
  reconnectFirst: 'Reconnect this account on the Integrations page first',
  alreadyPublished: 'This post is already published',
  publishingNow: 'This post is being published right now',
  notRetryable: 'Only failed or held posts can be retried',
  badTimeZone: 'Unknown time zone',
  badDate: 'Enter a valid date and time',
  badRange: 'The end of the range must come after its start',
  notFound: 'This post is not on your calendar',
  contentNotFound: 'This content was not found',
  targetNotFound: 'This account is not connected',
  noticeNotFound: 'This notice was not found',
} as const;

const ZHours = z.string().regex(/^([01]\d|2[0-3])$/, SCHEDULE_MESSAGES.badDate);
const ZMinutes = z.string().regex(/^[0-5]\d$/, SCHEDULE_MESSAGES.badDate);
const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SCHEDULE_MESSAGES.badDate);
/** An IANA zone name ("Europe/Paris"); the server checks it is one it knows. */
export const ZTimeZone = z.string().trim().min(1).max(64);

/** Spec §3 schedule item (ID, PostedOn, ContentType), with what the calendar shows beside it. */
export const ZScheduleItem = z.object({
  ID: z.number().int(),
  /** The instant it is (or was) published, ISO 8601 UTC. */
  PostedOn: z.string(),
  /** [content type label, platform label]: the first makes the title (spec §3). */
  ContentType: z.array(z.string()),
  content_id: z.number().int(),
  content_kind: ZSchedulableKind,
  /** The content's title, or the start of a post's text. */
  title: z.string(),
  platform: ZSocialPlatform,
  /** The account it goes to ("Sandbox Coffee Roasters"), as it was named when scheduled. */
  target_name: z.string(),
  /** null once the account was unlinked. */
  connection_id: z.string().nullable(),
  status: ZScheduleState,
  /** Paused by the platform's rate limit or quota until then (ISO), with the platform's words. */
  paused_until: z.string().nullable(),
  paused_reason: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** Where people see it once published. */
  url: z.string().nullable(),
  published_at: z.string().nullable(),
  attempts: z.number().int(),
});
export type TScheduleItem = z.infer<typeof ZScheduleItem>;

/**
 * GET /schedule: the items whose instant falls in [from, to) (ISO); without them, 3 months back to 12 ahead.
 * `content_id`: only that content's items (a content screen's "Scheduled for …"), at any date unless a range
 * is given too. At most SCHEDULE_LIST_CAP items, earliest first.
 */
export const ZScheduleQuery = z.object({
  from: ZInstant(SCHEDULE_MESSAGES.badDate).optional(),
  to: ZInstant(SCHEDULE_MESSAGES.badDate).optional(),
  content_id: ZId.optional(),
});
export type TScheduleQuery = z.input<typeof ZScheduleQuery>;
export const SCHEDULE_LIST_CAP = 2000;
/** `truncated`: the range held more than SCHEDULE_LIST_CAP items (ask for a narrower one). */
export const ZScheduleListResponse = z.object({ data: z.array(ZScheduleItem), truncated: z.boolean() });
export type TScheduleListResponse = z.infer<typeof ZScheduleListResponse>;

/**
 * POST /schedule (calendar state of spec §3: contentID, platforms, date, hours, minutes): one item per
 * chosen account. The local date and time are read in `time_zone`, else the user's zone (Settings), else UTC.
 */
export const ZScheduleRequest = z.object({
  contentID: ZId,
  /** Connection ids (GET /schedule/targets). */
  platforms: z.array(z.uuid('Choose accounts from the list')).min(1, SCHEDULE_MESSAGES.noTargets).max(20),
  date: ZDate,
  hours: ZHours,
  minutes: ZMinutes,
  time_zone: ZTimeZone.optional(),
});
export type TScheduleRequest = z.input<typeof ZScheduleRequest>;

/** PATCH /schedule/{id}: moved on the calendar (drag) or in its dialog. */
export const ZRescheduleRequest = z.object({ PostedOn: ZInstant(SCHEDULE_MESSAGES.badDate) });
export type TRescheduleRequest = z.input<typeof ZRescheduleRequest>;

export const ZScheduleItemResponse = z.object({ data: ZScheduleItem });
/** POST /schedule answers 201 with one item per account and "Scheduled". */
export const ZScheduleCreatedResponse = z.object({ data: z.array(ZScheduleItem), message: z.string() });
export type TScheduleCreatedResponse = z.infer<typeof ZScheduleCreatedResponse>;
export const ZScheduleIdParams = z.object({ id: ZId });

/** One line of the audit log: every publish call and read-back, with its outcome. */
export const ZPublishAttempt = z.object({
  number: z.number().int(),
  action: z.enum(['publish', 'read_back']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z.enum(['published', 'found', 'not_found', 'failed', 'paused', 'unknown', 'held']).nullable(),
  error_kind: z.string().nullable(),
  message: z.string().nullable(),
});
export type TPublishAttempt = z.infer<typeof ZPublishAttempt>;

/** GET /schedule/{id}: the item with its content's text and every attempt. */
export const ZScheduleDetailResponse = z.object({
  data: ZScheduleItem.extend({ body: z.string(), picture: z.boolean() }),
  attempts: z.array(ZPublishAttempt),
});
export type TScheduleDetailResponse = z.infer<typeof ZScheduleDetailResponse>;

/** GET /schedule/targets: the connected accounts content can go to. */
export const ZScheduleTarget = z.object({
  id: z.string(),
  platform: ZSocialPlatform,
  name: z.string(),
  picture: z.string().nullable(),
  /** reconnect: shown, but not choosable until the user connects it again. */
  status: z.enum(['connected', 'reconnect']),
});
export type TScheduleTarget = z.infer<typeof ZScheduleTarget>;
export const ZScheduleTargetsResponse = z.object({ data: z.array(ZScheduleTarget) });
export type TScheduleTargetsResponse = z.infer<typeof ZScheduleTargetsResponse>;

/** Spec §9: the calendar's default time is the current hour plus 2 (mod 24) and the current minute, zero-padded. */
export const defaultScheduleTime = (now: {
  hour: number;
  minute: number;
}): { hours: string; minutes: string } => ({
  hours: String((now.hour + 2) % 24).padStart(2, '0'),
  minutes: String(now.minute).padStart(2, '0'),
});

/** In-app notices (the bell). */
export const NOTICE_KINDS = [
  'publish_failed',
  'publish_held',
  'reconnect',
  'token_expiring',
  'payment_failed',
] as const;
export const ZNotice = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type TNotice = z.infer<typeof ZNotice>;
/** GET /notices: newest first, NOTICES_PAGE_SIZE a page; `cursor` is the previous page's `next_cursor`. */
export const NOTICES_PAGE_SIZE = 20;
export const ZNoticesQuery = z.object({ cursor: z.string().max(100).optional() });
export const ZNoticesResponse = z.object({
  data: z.array(ZNotice),
  unread: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type TNoticesResponse = z.infer<typeof ZNoticesResponse>;
/** POST /notices/read: these ids, or all of the caller's when none are given. */
export const ZReadNoticesRequest = z.object({ ids: z.array(ZId).max(100).optional() });
export type TReadNoticesRequest = z.input<typeof ZReadNoticesRequest>;
/** What is left unread after marking. */
export const ZReadNoticesResponse = z.object({ unread: z.number().int() });
