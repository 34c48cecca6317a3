import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/open-database';
import { contentItems, publishAttempts, scheduledPosts } from '../../../db/schema';
import { rowsOf } from '../../../db/sql-rows';
import type { PublishedPost } from '../../../lib/clients/publishing/types';
import type { Held } from './attempts';
import { ENGINE } from './engine-settings';

type How = { outcome: 'published' | 'found'; message?: string };

type Pending = {
  held: Held;
  published: PublishedPost;
  how: How;
  at: Date;
  done: (moved: boolean) => void;
  failed: (error: unknown) => void;
};

/**
 * Published posts waiting to be written, per database (one gatherer per process and database), and how
 * many statements of them are being written now.
 */
type Gatherer = { pending: Pending[]; timer: NodeJS.Timeout | null; writing: number };

/**
 * Statements written at once: one on the embedded database, which runs one statement at a time anyway (the
 * posts settled meanwhile gather for the next, so the busier the minute, the more each statement carries);
 * a few on PostgreSQL, whose round trips overlap on the pool's connections.
 */
const writersFor = (deps: Pick<AppDeps, 'config'>) => (deps.config.databaseUrl ? 4 : 1);

/** At most this many posts in one statement: its parameter is one JSON document, so only size bounds it. */
const MAX_PER_STATEMENT = 500;

const gatherers = new WeakMap<Db, Gatherer>();

const gathererOf = (db: Db): Gatherer => {
  let gatherer = gatherers.get(db);
  if (!gatherer) {
    gatherer = { pending: [], timer: null, writing: 0 };
    gatherers.set(db, gatherer);
  }
  return gatherer;
};

/**
 * Writes the gathered posts: each post's new state, its attempt's outcome and, for content that keeps its
 * own publishing state (a LinkedIn post's data.status: draft | scheduled | published, shown in the studio),
 * that state, all in one statement (so one transaction). As in every settle, only the attempt that holds
 * the post (`publishing` at its number) moves it; the attempt's outcome is written either way, so the audit
 * log tells what the platform answered. Content without that field is left as it is.
 */
const flush = async (db: Db, batch: Pending[]): Promise<void> => {
  const input = JSON.stringify(
    batch.map(({ held, published, how, at }) => ({
      post_id: held.post.id,
      attempt_id: held.attempt.id,
      number: held.attempt.number,
      external_id: published.externalId,
      external_url: published.url || null,
      at: at.toISOString(),
      outcome: how.outcome,
      message: how.message ?? null,
    })),
  );
  try {
    const result = await db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as i(
          post_id bigint, attempt_id bigint, number int, external_id text, external_url text,
          at timestamptz, outcome text, message text)
      ), moved as (
        update ${scheduledPosts} p
        set status = 'published', not_before = null, paused_reason = null, failure_kind = null,
          failure_reason = null, external_id = i.external_id, external_url = i.external_url,
          published_at = i.at, updated_at = i.at
        from input i
        where p.id = i.post_id and p.status = 'publishing' and p.attempts = i.number
        returning p.id, p.content_item_id
      ), finished as (
        update ${publishAttempts} a
        set finished_at = i.at, outcome = i.outcome, error_kind = null, error_code = null,
          message = i.message, external_id = i.external_id
        from input i
        where a.id = i.attempt_id
        returning a.id
      ), marked as (
        update ${contentItems} c
        set data = jsonb_set(c.data, '{status}', '"published"')
        where c.id in (select content_item_id from moved)
          and c.data ->> 'status' is not null and c.data ->> 'status' <> 'published'
        returning c.id
      )
      select id from moved`);
    const moved = new Set(rowsOf<{ id: number | string }>(result).map((row) => Number(row.id)));
    for (const pending of batch) pending.done(moved.has(pending.held.post.id));
  } catch (error) {
    for (const pending of batch) pending.failed(error);
  }
};

/** A writer: writes what has gathered, then what gathered meanwhile, until nothing is left. */
const flushNow = async (db: Db, gatherer: Gatherer, writers: number): Promise<void> => {
  if (gatherer.timer) clearTimeout(gatherer.timer);
  gatherer.timer = null;
  if (gatherer.writing >= writers) return;
  gatherer.writing++;
  try {
    while (gatherer.pending.length > 0) await flush(db, gatherer.pending.splice(0, MAX_PER_STATEMENT));
  } finally {
    gatherer.writing--;
  }
};

/**
 * The platform has the post: settles it `published` (the attempt's outcome `published`, or `found` by a
 * read-back). Posts settled within ENGINE.SETTLE_GATHER_MS of each other go in one statement, each with the
 * instant its platform answered: a minute with 1,000 posts due settles them in a few dozen round trips
 * rather than a thousand. Answers whether the post moved (false: another worker took it over meanwhile).
 */
export const settlePublished = (
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  held: Held,
  published: PublishedPost,
  how: How,
): Promise<boolean> =>
  new Promise((resolve, reject) => {
    const gatherer = gathererOf(deps.db);
    gatherer.pending.push({ held, published, how, at: deps.clock.now(), done: resolve, failed: reject });
    const writers = writersFor(deps);
    // Every writer busy: the post waits for one of them (each takes what gathered when it is done).
    if (gatherer.writing >= writers) return;
    if (gatherer.pending.length >= MAX_PER_STATEMENT) void flushNow(deps.db, gatherer, writers);
    else if (!gatherer.timer)
      gatherer.timer = setTimeout(() => void flushNow(deps.db, gatherer, writers), ENGINE.SETTLE_GATHER_MS);
  });
