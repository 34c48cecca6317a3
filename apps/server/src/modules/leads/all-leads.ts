import { MAX_PAGE_SIZE, type TAllLeadsResponse } from '@sales-assist/contract';
import { and, desc, eq, gt, lte, max, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/open-database';
import { leadPageAnchors, leads, lists } from '../../db/schema';
import { LEAD_COLUMNS, leadView } from './lead-view';

/** A deep page starts from the nearest anchor, so no page skips more than this many rows. */
export const PAGE_ANCHOR_STEP = 1000;
// A page spans at most two steps only while a page is no longer than a step.
if (MAX_PAGE_SIZE > PAGE_ANCHOR_STEP) throw new Error('PAGE_ANCHOR_STEP must be at least MAX_PAGE_SIZE');

type Deps = Pick<AppDeps, 'db'>;

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

const prepareFirstPages = (db: Db) =>
  db
    .select({
      ...LEAD_COLUMNS,
      total: sql<string>`(SELECT coalesce(sum(${lists.leadCount}), 0) FROM ${lists} WHERE ${lists.userId} = ${sql.placeholder('userId')})`,
    })
    .from(leads)
    .where(eq(leads.userId, sql.placeholder('userId')))
    .orderBy(desc(leads.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('all_leads_first_pages');
/** Built once per database, not per call (PostgreSQL then plans it once per connection). */
const firstPages = new WeakMap<Db, ReturnType<typeof prepareFirstPages>>();

/**
 * Spec §7 all_leads: one page of all the caller's leads, newest first (page is zero-based, row is the
 * page size). Pages read the (user_id, id) primary key from the top, or from the nearest page anchor
 * when deep; the total is the sum of the lists' lead counts. Nothing counts or reads all the leads.
 */
export const allLeads = async (
  deps: Deps,
  userId: string,
  input: { page: number; row: number },
): Promise<TAllLeadsResponse> => {
  const offset = input.page * input.row;
  const mine = eq(leads.userId, userId);
  const page = (skip: number, range?: { from: number; above: number | undefined }) =>
    deps.db
      .select(LEAD_COLUMNS)
      .from(leads)
      .where(
        range
          ? and(
              mine,
              lte(leads.id, range.from),
              range.above === undefined ? undefined : gt(leads.id, range.above),
            )
          : mine,
      )
      .orderBy(desc(leads.id))
      .limit(input.row)
      .offset(skip);
  if (offset < PAGE_ANCHOR_STEP) {
    // The first pages, which nearly every call asks for, in one statement: the rows bring the total
    // along (an uncorrelated subquery, computed once); only a page with no rows asks for it apart.
    let statement = firstPages.get(deps.db);
    if (!statement) {
      statement = prepareFirstPages(deps.db);
      firstPages.set(deps.db, statement);
    }
    const rows = await statement.execute({ userId, limit: input.row, offset });
    const total = rows[0] ? Number(rows[0].total) : await userTotal(deps, userId);
    return { leads: rows.map(leadView), total };
  }
  const total = await userTotal(deps, userId);
  if (offset >= total) return { leads: [], total };
  const anchors = await pageAnchors(deps, userId, total);
  const step = Math.floor(offset / PAGE_ANCHOR_STEP);
  const from = anchors[step];
  if (from === undefined) return { leads: [], total };
  // Bounded on both sides: whatever plan the database picks, even without statistics, it reads at
  // most two steps of rows.
  const rows = await page(offset - step * PAGE_ANCHOR_STEP, { from, above: anchors[step + 2] });
  return { leads: rows.map(leadView), total };
};
