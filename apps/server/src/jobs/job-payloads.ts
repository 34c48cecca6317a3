import { z } from 'zod';

/** A row id of a serial column: how every job names the row it works on. */
const rowId = z.int().positive();

/**
 * Every queue, by name, with the schema of its payload. A job is checked against it twice: when it is sent
 * (a payload that fails is a programming error: send throws) and when a worker takes it, before its handler
 * runs (a job written by an older version or by hand that fails is logged and failed without retry,
 * job-queue.ts). Which process works each queue, and with what: background-work.ts.
 */
export const JOB_PAYLOADS = {
  /** Imports the people of one LinkedIn search into a list (modules/linkedin/search-import). */
  'linkedin-search-import': z.object({ importId: z.string().min(1) }),
  /** Writes the messages of a new campaign's leads (one job per campaign at a time: singletonKey). */
  'write-campaign-messages': z.object({ campaignId: rowId }),
  /** Runs the next due outreach step of one LinkedIn account (one runner per account at a time). */
  'outreach-account': z.object({ accountId: z.string().min(1) }),
  /** Writes one blog post (modules/blogs/write-blog-post.ts). */
  'write-blog-post': z.object({ itemId: rowId }),
  /** Makes the picture of one version of a social post's image (modules/socials/render-social-image.ts). */
  'render-social-image': z.object({ itemId: rowId, version: z.int().nonnegative() }),
  /** Researches the next lead of a list (modules/prospect-research/run-list-research.ts), then queues the next. */
  'research-list': z.object({ runId: z.uuid() }),
  /** Publishes one scheduled post to its account, exactly once (modules/publishing). */
  'publish-post': z.object({ scheduledPostId: rowId }),
  /**
   * Finds scheduled posts that lost their job and warns of LinkedIn sign-ins ending (hourly, sent by the
   * queue's own schedule with an empty payload).
   */
  'publish-sweep': z.object({}).strict(),
  /** Reads one LinkedIn account's threads with campaign leads into the Engagement inbox (one per account). */
  'engagement-refresh': z.object({ accountId: z.string().min(1) }),
  /** Queues an inbox refresh for each account with threads worth reading (every 10 minutes, empty payload). */
  'engagement-sweep': z.object({}).strict(),
  /** Reads the platforms' own figures of one connection's published posts that are due (modules/post-figures). */
  'post-figures-fetch': z.object({
    connectionId: z.uuid(),
    /** Asked for by a person: every post of the window not read in the last minutes, not only those due. */
    readNow: z.boolean().optional(),
  }),
  /** Queues a figures read for each connection with posts due (every 15 minutes, empty payload). */
  'post-figures-sweep': z.object({}).strict(),
} as const;

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayloads = { [N in JobName]: z.infer<(typeof JOB_PAYLOADS)[N]> };

/** The queue names, in the order above. */
export const JOB_NAMES = Object.keys(JOB_PAYLOADS) as JobName[];

/** The payload as its schema reads it, or why it is not one (the schema's issues, one line each). */
export const readPayload = <N extends JobName>(
  name: N,
  data: unknown,
): { ok: true; data: JobPayloads[N] } | { ok: false; problem: string } => {
  const parsed = JOB_PAYLOADS[name].safeParse(data);
  return parsed.success
    ? { ok: true, data: parsed.data as JobPayloads[N] }
    : { ok: false, problem: z.prettifyError(parsed.error) };
};
