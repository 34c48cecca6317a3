import {
  LEAD_OUTREACH_MESSAGES,
  type TListFromLeadsRequest,
  type TListFromLeadsResponse,
} from '@sales-assist/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { leads, lists } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../http/errors';
import { STATUS_OF } from './list-view';

type Input = { name?: string | undefined; lead_ids: number[] };

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Outreach Nov 28, 2026", or "Outreach Nov 28, 2026 (2)" when the caller already has that name. */
const freeDefaultName = async (db: DbOrTx, userId: string, now: Date): Promise<string> => {
  const base = `Outreach ${dayFormat.format(now)}`;
  const taken = await db
    .select({ name: sql<string>`lower(${lists.name})` })
    .from(lists)
    .where(
      and(
        eq(lists.userId, userId),
        sql`(lower(${lists.name}) = lower(${base}) OR lower(${lists.name}) LIKE lower(${base}) || ' (%)')`,
      ),
    );
  const names = new Set(taken.map((row) => row.name));
  if (!names.has(base.toLowerCase())) return base;
  for (let number = 2; ; number += 1) {
    const name = `${base} (${number})`;
    if (!names.has(name.toLowerCase())) return name;
  }
};

/**
 * A new list made of some of the caller's leads (Start Outreach on the all-leads page), for a campaign to
 * take. Every id must be one of the caller's leads, or nothing is made (404, as for a missing one: the
 * answer does not say whose it is). The leads are copied in one INSERT … SELECT; two selected leads of
 * different lists with the same profile become one lead of the new list (its profiles are unique).
 */
export const listFromLeads = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: Input | TListFromLeadsRequest,
): Promise<TListFromLeadsResponse> => {
  const ids = [...new Set(input.lead_ids.map(Number))];
  const now = deps.clock.now();
  // A default name taken between the look and the insert by a second click: the next number is tried.
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await deps.db.transaction(async (tx) => {
        const [owned] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(leads)
          .where(and(eq(leads.userId, userId), inArray(leads.id, ids)));
        if (Number(owned?.count ?? 0) !== ids.length) throw notFound(LEAD_OUTREACH_MESSAGES.leadNotFound);
        const name = input.name ?? (await freeDefaultName(tx, userId, now));
        const [list] = await tx
          .insert(lists)
          .values({ userId, name, status: 'ready', createdAt: now, updatedAt: now })
          .returning({ id: lists.id, name: lists.name, status: lists.status });
        if (!list) throw new Error('list_from_leads: the insert returned nothing');
        const copied = await tx.execute(sql`
          WITH added AS (
            INSERT INTO leads (user_id, list_id, name, headline, location, company, connection_degree, source,
                               linkedin_url, profile_image_url, email, email_confidence, email_status,
                               email_provider, email_checked_at, created_at)
            SELECT user_id, ${list.id}::bigint, name, headline, location, company, connection_degree, source,
                   linkedin_url, profile_image_url, email, email_confidence, email_status, email_provider,
                   email_checked_at, ${now.toISOString()}::timestamptz
              FROM leads
             WHERE user_id = ${userId}::uuid AND id = ANY(${`{${ids.join(',')}}`}::bigint[])
             ORDER BY id
            ON CONFLICT (list_id, linkedin_url) DO NOTHING
            RETURNING 1
          )
          SELECT count(*)::int AS copied FROM added`);
        const leadCount = Number(rowsOf<{ copied: number }>(copied)[0]?.copied ?? 0);
        await tx.update(lists).set({ leadCount }).where(eq(lists.id, list.id));
        return {
          message: LEAD_OUTREACH_MESSAGES.listCreated,
          list: { id: list.id, name: list.name, status: STATUS_OF[list.status], leadcount: leadCount },
        };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.name !== undefined) throw conflict(`You already have a list named "${input.name}"`);
      if (attempt >= 2) throw conflict('A list of that name was just made: please try again');
    }
  }
};
