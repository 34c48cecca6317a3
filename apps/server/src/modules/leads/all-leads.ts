import { MAX_PAGE_SIZE, type TAllLeadsResponse } from '@sales-assist/contract';
import { and, desc, eq, lte, max, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/open-database';
import { leadPageAnchors, leads, lists } from '../../db/schema';
import { LEAD_COLUMNS, leadView } from './lead-view';

/**
 * A deep page starts from the nearest anchor, so no page skips more than this many rows. 250: a skip
 * still reads index entries (and, until a vacuum marks the pages visible, their rows' visibility), so a
 * short step keeps every page cheap; 1,000,000 leads make 4,000 anchors, kept in memory beside the pages.
 */
export const PAGE_ANCHOR_STEP = 250;
// A page spans at most two steps only while a page is no longer than a step.
if (MAX_PAGE_SIZE > PAGE_ANCHOR_STEP) throw new Error('PAGE_ANCHOR_STEP must be at least MAX_PAGE_SIZE');

type Deps = Pick<AppDeps, 'db' | 'listPages'>;

const userTotal = async (deps: Deps, userId: string): Promise<number> => {
  const [row] = await deps.db
    .select({ total: sql<string>`coalesce(sum(${lists.leadCount}), 0)` })
    .from(lists)
    .where(eq(lists.userId, userId));
  return Number(row?.total ?? 0);
};

const highestId = async (deps: Deps, userId: string): Promise<number> => {
  const [row] = await deps.db
    .select({ maxId: max(leads.id) })
    .from(leads)
    .where(eq(leads.userId, userId));
  return Number(row?.maxId ?? 0);
};

/** Recomputes the anchors in one statement, so they and the pair they are kept with share one snapshot. */
const computeAnchors = async (deps: Deps, userId: string): Promise<number[]> => {
  const result = await deps.db.execute(sql`
    INSERT INTO lead_page_anchors (user_id, lead_total, max_id, ids, computed_at)
    SELECT ${userId}::uuid,
           (SELECT coalesce(sum(lead_count), 0) FROM lists WHERE user_id = ${userId}::uuid),
           coalesce((SELECT max(id) FROM leads WHERE user_id = ${userId}::uuid), 0),
           coalesce((SELECT array_agg(id ORDER BY position)
                     FROM (SELECT id, row_number() OVER (ORDER BY id DESC) - 1 AS position
                           FROM leads WHERE user_id = ${userId}::uuid) numbered
                     WHERE position % ${PAGE_ANCHOR_STEP} = 0), '{}'),
           now()
    ON CONFLICT (user_id) DO UPDATE
      SET lead_total = excluded.lead_total, max_id = excluded.max_id, ids = excluded.ids,
          computed_at = excluded.computed_at
    RETURNING ids`);
  const [row] = (result as unknown as { rows: { ids: unknown[] }[] }).rows;
  return (row?.ids ?? []).map(Number);
};

/**
 * The ids at positions 0, STEP, 2·STEP … of the user's leads, newest first, kept with the lead total
 * and the highest id they were computed at: an insert raises the highest id and a delete lowers the
 * total, so while both match the anchors hold. Else they are computed again (one index pass).
 */
const pageAnchors = async (deps: Deps, userId: string, total: number): Promise<number[]> => {
  const [maxId, [stored]] = await Promise.all([
    highestId(deps, userId),
    deps.db.select().from(leadPageAnchors).where(eq(leadPageAnchors.userId, userId)),
  ]);
  if (stored && stored.leadTotal === total && stored.maxId === maxId) return stored.ids.map(Number);
  return computeAnchors(deps, userId);
};

/**
 * The first pages: the id the page starts at is found by skipping `offset` entries of the (user_id, id)
 * primary key alone (an index-only scan: the skipped rows' columns are never read), then the page's rows
 * are read from there.
 */
const prepareFirstPages = (db: Db) =>
  db
    .select(LEAD_COLUMNS)
    .from(leads)
    .where(
      and(
        eq(leads.userId, sql.placeholder('userId')),
        lte(
          leads.id,
          sql`(SELECT ${leads.id} FROM ${leads} WHERE ${leads.userId} = ${sql.placeholder('userId')}
               ORDER BY ${leads.id} DESC OFFSET ${sql.placeholder('offset')} LIMIT 1)`,
        ),
      ),
    )
    .orderBy(desc(leads.id))
    .limit(sql.placeholder('limit'))
    .prepare('all_leads_first_pages');

/**
 * A deep page from its anchor: its start is found by skipping at most a step of ids from the anchor on
 * the primary key alone, bounded by the anchor two steps on (so whatever plan the database picks, even
 * without statistics, it reads at most two steps of index entries), then its rows are read from there.
 */
const prepareDeepPages = (db: Db) =>
  db
    .select(LEAD_COLUMNS)
    .from(leads)
    .where(
      and(
        eq(leads.userId, sql.placeholder('userId')),
        lte(
          leads.id,
          sql`(SELECT start.id FROM ${leads} start
               WHERE start.user_id = ${sql.placeholder('userId')}
                 AND start.id <= ${sql.placeholder('from')}
                 AND start.id > ${sql.placeholder('above')}
               ORDER BY start.id DESC OFFSET ${sql.placeholder('skip')} LIMIT 1)`,
        ),
      ),
    )
    .orderBy(desc(leads.id))
    .limit(sql.placeholder('limit'))
    .prepare('all_leads_deep_pages');

/** Built once per database, not per call (PostgreSQL then plans them once per connection). */
const statements = new WeakMap<
  Db,
  { first: ReturnType<typeof prepareFirstPages>; deep: ReturnType<typeof prepareDeepPages> }
>();
const statementsOf = (db: Db) => {
  let prepared = statements.get(db);
  if (!prepared) {
    prepared = { first: prepareFirstPages(db), deep: prepareDeepPages(db) };
    statements.set(db, prepared);
  }
  return prepared;
};

/**
 * Spec §7 all_leads: one page of all the caller's leads, newest first (page is zero-based, row is the
 * page size). The total (the sum of the lists' lead counts) and, for a deep page, the page anchors are
 * kept beside the user's pages (list-pages-cache.ts `remember`: dropped at commit of any change to the
 * user's lists or leads), so a page is one statement that reads only its own rows and at most a step of
 * index entries; they are read again (anchors from lead_page_anchors while they hold) after a change.
 * Nothing counts or reads all the leads.
 */
export const allLeads = async (
  deps: Deps,
  userId: string,
  input: { page: number; row: number },
): Promise<TAllLeadsResponse> => {
  const offset = input.page * input.row;
  const prepared = statementsOf(deps.db);
  const total = await deps.listPages.remember(userId, 'lead_total', () => userTotal(deps, userId));
  if (offset < PAGE_ANCHOR_STEP) {
    const rows = await prepared.first.execute({ userId, limit: input.row, offset });
    return { leads: rows.map(leadView), total };
  }
  if (offset >= total) return { leads: [], total };
  const anchors = await deps.listPages.remember(userId, 'lead_page_anchors', () =>
    pageAnchors(deps, userId, total),
  );
  const step = Math.floor(offset / PAGE_ANCHOR_STEP);
  const from = anchors[step];
  if (from === undefined) return { leads: [], total };
  const rows = await prepared.deep.execute({
    userId,
    limit: input.row,
    from,
    above: anchors[step + 2] ?? 0,
    skip: offset - step * PAGE_ANCHOR_STEP,
  });
  return { leads: rows.map(leadView), total };
};
