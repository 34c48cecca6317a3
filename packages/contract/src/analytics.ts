import { ZId } from './leads';
import { z } from './messages';

export const ANALYTICS_MESSAGES = {
  badDate: 'Give dates as YYYY-MM-DD',
  badTimeZone: 'Unknown time zone',
  badPeriod: 'The period must start on or before its end, and cover at most 731 days',
  tooManyIds: 'Choose at most 50 campaigns or accounts',
  campaignNotFound: 'Campaign not found',
  accountNotFound: 'LinkedIn account not found',
} as const;

/** The longest period asked at once: two years of days (a leap year included). */
export const ANALYTICS_MAX_DAYS = 731;
/** The period shown when none is asked: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The campaigns offered in the filter: the newest this many. */
export const ANALYTICS_CAMPAIGN_CHOICES = 200;
export const ANALYTICS_BUCKETS = ['day', 'week'] as const;
export type TAnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];

/** The funnel's stages in order, with the words the screens and CSV files use. */
export const FUNNEL_STAGES = [
  { key: 'leads', label: 'Leads reached' },
  { key: 'viewed', label: 'Profile viewed' },
  { key: 'liked', label: 'Post liked' },
  { key: 'commented', label: 'Post commented' },
  { key: 'invited', label: 'Invited' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'messaged', label: 'Messaged' },
  { key: 'replied', label: 'Replied' },
  { key: 'interested', label: 'Labelled interested' },
] as const;
export type TFunnelStage = (typeof FUNNEL_STAGES)[number]['key'];

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_MESSAGES.badDate);
/** The parts of a query list sent as `ids=3,7` or as the parameter repeated (`ids=3&ids=7`). */
const listParts = (value: unknown): unknown => {
  if (typeof value === 'string') return value.split(',').filter((part) => part !== '');
  if (Array.isArray(value)) return value.flatMap(listParts as (part: unknown) => unknown[]);
  return value;
};
/** Ids as a comma-separated list or the parameter repeated; at most 50. */
const ZIdList = <T extends z.ZodType>(kind: T) =>
  z.preprocess(listParts, z.array(kind).max(50, ANALYTICS_MESSAGES.tooManyIds));

/**
 * GET /analytics/outreach: what the engine did for the caller in a period of days (`from`–`to`, both
 * included, read in `zone`, else the user's zone from Settings, else UTC; the last 30 days by default),
 * for some campaigns or LinkedIn accounts only when asked, the time series in days or weeks.
 */
export const ZOutreachAnalyticsQuery = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
  zone: z.string().trim().min(1).max(64).optional(),
  bucket: z.enum(ANALYTICS_BUCKETS).default('day'),
  campaign_ids: ZIdList(ZId).optional(),
  account_ids: ZIdList(z.uuid(ANALYTICS_MESSAGES.accountNotFound)).optional(),
});
export type TOutreachAnalyticsQuery = z.input<typeof ZOutreachAnalyticsQuery>;

const count = z.number().int().min(0);
/** Leads at each stage in the period: each stage counts the leads whose step of that stage happened in it. */
export const ZFunnelCounts = z.object({
  leads: count,
  viewed: count,
  liked: count,
  commented: count,
  invited: count,
  accepted: count,
  messaged: count,
  replied: count,
  /** Leads labelled Interested in the inbox during the period (the label's time, not the reply's). */
  interested: count,
});
export type TFunnelCounts = z.infer<typeof ZFunnelCounts>;

/** A rate with what it is the ratio of ("34% · 120 of 352"); `percent` is null when `of` is 0. */
export const ZRate = z.object({ count, of: count, percent: z.number().nullable() });
export type TRate = z.infer<typeof ZRate>;

/** Acceptance: accepted of invited; reply: replied of messaged. */
export const ZFunnelRates = z.object({ acceptance: ZRate, reply: ZRate });

const ZFunnelRow = ZFunnelCounts.extend({ rates: ZFunnelRates });
export type TFunnelRow = z.infer<typeof ZFunnelRow>;

export const ZAnalyticsCampaignRow = ZFunnelRow.extend({
  /** Null for a deleted campaign (its actions stay in the log under its name). */
  campaign_id: z.number().int().nullable(),
  name: z.string(),
});
export const ZAnalyticsAccountRow = ZFunnelRow.extend({
  /** Null for actions of an account since unlinked. */
  account_id: z.string().nullable(),
  name: z.string(),
});
export const ZAnalyticsTemplateRow = ZFunnelRow.extend({ template: z.string() });
export const ZAnalyticsToneRow = ZFunnelRow.extend({ tone: z.string() });
export type TAnalyticsCampaignRow = z.infer<typeof ZAnalyticsCampaignRow>;
export type TAnalyticsAccountRow = z.infer<typeof ZAnalyticsAccountRow>;
export type TAnalyticsTemplateRow = z.infer<typeof ZAnalyticsTemplateRow>;
export type TAnalyticsToneRow = z.infer<typeof ZAnalyticsToneRow>;

/** One day or week (its first day, in the period's zone; weeks start on Monday). */
export const ZAnalyticsPoint = z.object({
  bucket: z.string(),
  invited: count,
  accepted: count,
  messaged: count,
  replied: count,
});
export type TAnalyticsPoint = z.infer<typeof ZAnalyticsPoint>;

/** An account's actions of one daily budget today (in the period's zone) against its cap. */
export const ZAccountCapUse = z.object({
  label: z.string(),
  used: count,
  cap: count,
});
export const ZAccountToday = z.object({
  account_id: z.string(),
  name: z.string(),
  status: z.string(),
  caps: z.array(ZAccountCapUse),
});
export type TAccountToday = z.infer<typeof ZAccountToday>;

export const ZOutreachAnalyticsResponse = z.object({
  period: z.object({ from: z.string(), to: z.string(), zone: z.string(), bucket: z.enum(ANALYTICS_BUCKETS) }),
  funnel: ZFunnelCounts,
  rates: ZFunnelRates,
  by_campaign: z.array(ZAnalyticsCampaignRow),
  by_account: z.array(ZAnalyticsAccountRow),
  by_template: z.array(ZAnalyticsTemplateRow),
  by_tone: z.array(ZAnalyticsToneRow),
  over_time: z.array(ZAnalyticsPoint),
  /** Every LinkedIn account of the caller (whatever the filter), with its actions today against its caps. */
  accounts_today: z.array(ZAccountToday),
  /** The caller's campaigns, newest first (at most ANALYTICS_CAMPAIGN_CHOICES), for the campaign filter. */
  campaigns: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TOutreachAnalyticsResponse = z.infer<typeof ZOutreachAnalyticsResponse>;

/** The networks posts are published to, with their names on the screens. */
export const CONTENT_NETWORKS = [
  { key: 'linkedin', label: 'LinkedIn' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'wordpress', label: 'WordPress' },
] as const;
export type TContentNetwork = (typeof CONTENT_NETWORKS)[number]['key'];

/** GET /analytics/content: posts scheduled in a period of local days (as the outreach figures read them). */
export const ZContentAnalyticsQuery = ZOutreachAnalyticsQuery.pick({ from: true, to: true, zone: true });
export type TContentAnalyticsQuery = z.input<typeof ZContentAnalyticsQuery>;

/** Posts by where they stand: published, failed, held for a person to decide, and still to go out. */
export const ZPostCounts = z.object({ published: count, failed: count, held: count, waiting: count });
export type TPostCounts = z.infer<typeof ZPostCounts>;

export const ZContentAnalyticsResponse = z.object({
  period: z.object({ from: z.string(), to: z.string(), zone: z.string() }),
  totals: ZPostCounts,
  /** Every network, in CONTENT_NETWORKS' order, quiet ones with zeros. */
  by_network: z.array(
    ZPostCounts.extend({ network: z.enum(['linkedin', 'facebook', 'instagram', 'wordpress']) }),
  ),
  /** Every week of the period (its Monday, YYYY-MM-DD), each network's counts within it. */
  by_week: z.array(
    z.object({
      week: z.string(),
      networks: z.array(
        ZPostCounts.extend({ network: z.enum(['linkedin', 'facebook', 'instagram', 'wordpress']) }),
      ),
    }),
  ),
  /**
   * The platforms' own figures of the period's posts, summed per week (the week each post was scheduled
   * for) and network, from each post's latest read; only the networks that give figures.
   */
  figures_by_week: z.array(
    z.object({
      week: z.string(),
      networks: z.array(
        z.object({
          network: z.enum(['linkedin', 'facebook', 'instagram']),
          views: count,
          reach: count,
          reactions: count,
          comments: count,
          shares: count,
          saves: count,
        }),
      ),
    }),
  ),
});
export type TContentAnalyticsResponse = z.infer<typeof ZContentAnalyticsResponse>;

/** The figures the platforms give of a published post, in our words, in the order the screens show them. */
export const CONTENT_FIGURE_METRICS = [
  { key: 'views', label: 'Views' },
  { key: 'reach', label: 'Reach' },
  { key: 'reactions', label: 'Reactions' },
  { key: 'comments', label: 'Comments' },
  { key: 'shares', label: 'Shares' },
  { key: 'saves', label: 'Saves' },
] as const;
export type TContentFigureMetric = (typeof CONTENT_FIGURE_METRICS)[number]['key'];

/** A post's figures are read again on demand only after this long (the platforms' rate limits are shared). */
export const READ_FIGURES_AGAIN_MINUTES = 15;

export const CONTENT_POSTS_MESSAGES = {
  badCursor: 'cursor is not valid: use the next_cursor of the previous page',
  readingFigures: (posts: number) =>
    `Reading the figures of ${posts.toLocaleString('en-US')} ${posts === 1 ? 'post' : 'posts'} from their platforms: they show here within a minute.`,
  nothingToRead: `Every post's figures were read in the last ${READ_FIGURES_AGAIN_MINUTES} minutes: try again later.`,
} as const;

/** Published posts per page of GET /analytics/content/posts. */
export const CONTENT_POSTS_PER_PAGE = 20;

/** GET /analytics/content/posts: the caller's published posts, the newest first, a page at a time. */
export const ZContentPostsQuery = z.object({
  network: z
    .enum(['linkedin', 'facebook', 'instagram', 'wordpress'])
    .optional()
    .describe('Only this network'),
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
});
export type TContentPostsQuery = z.input<typeof ZContentPostsQuery>;

/**
 * Where a post's figures stand:
 * - waiting: not read yet (the first read comes about an hour after publishing);
 * - measured: the platform gave its figures;
 * - not_permitted: not available with the permissions the account granted;
 * - post_gone: the platform no longer has the post;
 * - reconnect: the account must be connected again;
 * - failed: the last read failed (it is tried again);
 * - not_offered: the network gives no figures (WordPress).
 */
export const CONTENT_FIGURE_STATES = [
  'waiting',
  'measured',
  'not_permitted',
  'post_gone',
  'reconnect',
  'failed',
  'not_offered',
] as const;
export type TContentFigureState = (typeof CONTENT_FIGURE_STATES)[number];

export const ZContentPostFigure = z.object({
  metric: z.enum(['views', 'reach', 'reactions', 'comments', 'shares', 'saves']),
  value: z.number().int().nonnegative(),
  /** The API, its version, the endpoint and the platform's own metric name. */
  source: z.string(),
  /** The instant the platform says the value is as of (else when it was read), ISO 8601. */
  as_of: z.string(),
  fetched_at: z.string(),
});
export type TContentPostFigure = z.infer<typeof ZContentPostFigure>;

export const ZContentPost = z.object({
  id: z.number().int(),
  network: z.enum(['linkedin', 'facebook', 'instagram', 'wordpress']),
  title: z.string(),
  /** The account it went to ("Sandbox Coffee Roasters"). */
  account: z.string(),
  published_at: z.string(),
  url: z.string().nullable(),
  state: z.enum(CONTENT_FIGURE_STATES),
  /** Why, in the platform's words or ours, for a state other than measured. */
  state_reason: z.string().nullable(),
  checked_at: z.string().nullable(),
  /** In CONTENT_FIGURE_METRICS' order; only those the platform gives. */
  figures: z.array(ZContentPostFigure),
});
export type TContentPost = z.infer<typeof ZContentPost>;

export const ZContentPostsResponse = z.object({
  posts: z.array(ZContentPost),
  next_cursor: z.string().nullable(),
});
export type TContentPostsResponse = z.infer<typeof ZContentPostsResponse>;

/**
 * POST /analytics/content/posts/read: the figures of the caller's published posts of the last 28 days read
 * now, rather than at their schedule; a post read in the last READ_FIGURES_AGAIN_MINUTES is left out.
 */
export const ZReadPostFiguresResponse = z.object({
  /** The posts whose figures are being read (0: every one was read moments ago). */
  posts: z.number().int().nonnegative(),
  message: z.string(),
});
export type TReadPostFiguresResponse = z.infer<typeof ZReadPostFiguresResponse>;
