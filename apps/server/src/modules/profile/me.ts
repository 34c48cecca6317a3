import { DEFAULT_CRM_TITLE, SCHEDULE_MESSAGES, type TMeResponse } from '@sales-assist/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/open-database';
import { creditLedger, socialConnections, type UserRow, users } from '../../db/schema';
import type { SessionFigures } from '../../http/caller-cache';
import { AppError } from '../../http/errors';
import { knownTimeZone } from '../../lib/core/time-zone';

// The same sum as credits/credit-balance.ts, and the platforms with a working account (as
// integrations/list-integrations.ts counts them: connected, token not past its end), as one statement built
// once per database; with the soonest end of a working token, when the platforms change without a write.
// /api/me is called on every page load: its caller and these figures come from the caller cache (dropped at
// commit by the credit ledger and connection triggers), so in the steady state it runs no statement.
const prepareSessionFigures = (db: Db) =>
  db
    .select({
      balance: sql<string>`coalesce(sum(${creditLedger.amount}), 0)`,
      platforms: sql<string | null>`(select string_agg(distinct ${socialConnections.platform}, ',')
        from ${socialConnections}
        where ${socialConnections.userId} = ${sql.placeholder('userId')}
          and ${socialConnections.status} = 'connected'
          and (${socialConnections.tokenExpiresAt} is null
            or ${socialConnections.tokenExpiresAt} > ${sql.placeholder('now')}::timestamptz))`,
      nextTokenEnd: sql<string | null>`(select min(${socialConnections.tokenExpiresAt})::text
        from ${socialConnections}
        where ${socialConnections.userId} = ${sql.placeholder('userId')}
          and ${socialConnections.status} = 'connected'
          and ${socialConnections.tokenExpiresAt} > ${sql.placeholder('now')}::timestamptz)`,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, sql.placeholder('userId')))
    .prepare('me_balance_and_connections');
const statements = new WeakMap<Db, ReturnType<typeof prepareSessionFigures>>();

type Deps = Pick<AppDeps, 'db' | 'clock' | 'callers'>;

const sessionFigures = async (deps: Deps, userId: string): Promise<SessionFigures> => {
  const kept = deps.callers.getFigures(userId);
  if (kept) return kept;
  let statement = statements.get(deps.db);
  if (!statement) {
    statement = prepareSessionFigures(deps.db);
    statements.set(deps.db, statement);
  }
  const mark = deps.callers.mark();
  const [row] = await statement.execute({ userId, now: deps.clock.now().toISOString() });
  const figures = {
    credits: Number(row?.balance ?? 0),
    connected: new Set(row?.platforms ? row.platforms.split(',') : []),
  };
  const tokenEnd = row?.nextTokenEnd ? Date.parse(row.nextTokenEnd) : Number.NaN;
  const tokenLeftMs = tokenEnd - deps.clock.now().getTime();
  deps.callers.setFigures(userId, figures, mark, Number.isNaN(tokenLeftMs) ? undefined : tokenLeftMs);
  return figures;
};

export const meOf = async (deps: Deps, user: UserRow): Promise<TMeResponse> => {
  const { credits, connected } = await sessionFigures(deps, user.id);
  return {
    email: user.email,
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    website_check: user.websiteCheck,
    website_url: user.websiteUrl,
    website_name: user.websiteName,
    subscription_type: user.subscriptionType,
    credits,
    companyName: user.companyName,
    crmTitle: user.crmTitle,
    // Spec §3 session flags: the same as GET /getintegrations answers.
    socialMediaConnection: {
      facebook: connected.has('facebook'),
      instagram: connected.has('instagram'),
      linkedin: connected.has('linkedin'),
      wordpress: connected.has('wordpress'),
    },
    time_zone: user.timeZone,
  };
};

export const updateMe = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'callers'>,
  user: UserRow,
  input: { companyName?: string; time_zone?: string | null },
): Promise<TMeResponse> => {
  const changes: Partial<Pick<UserRow, 'companyName' | 'timeZone'>> = {};
  if (input.companyName !== undefined) changes.companyName = input.companyName;
  if (input.time_zone !== undefined) changes.timeZone = zoneToKeep(input.time_zone);
  if (Object.keys(changes).length === 0) return meOf(deps, user);
  const [updated] = await deps.db
    .update(users)
    .set({ ...changes, updatedAt: deps.clock.now() })
    .where(eq(users.id, user.id))
    .returning();
  // The cached caller holds the old row (the database tells other processes; this one is told here).
  deps.callers.forgetUser(user.id);
  return meOf(deps, updated ?? user);
};

/** A zone the calendar can use (lib/core/time-zone.ts); null goes back to the browser's zone. */
const zoneToKeep = (name: string | null): string | null => {
  if (name === null) return null;
  const zone = knownTimeZone(name);
  if (!zone) throw new AppError(400, 'validation_error', SCHEDULE_MESSAGES.badTimeZone);
  return zone;
};

/** The list page shells' title follows the person (server-side), so it survives a logout and other devices. */
export const setCrmTitle = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'callers'>,
  user: UserRow,
  input: { title: string },
): Promise<TMeResponse> => {
  const [updated] = await deps.db
    .update(users)
    .set({ crmTitle: input.title || DEFAULT_CRM_TITLE, updatedAt: deps.clock.now() })
    .where(eq(users.id, user.id))
    .returning();
  deps.callers.forgetUser(user.id);
  return meOf(deps, updated ?? user);
};
