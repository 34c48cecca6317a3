import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { socialConnections } from '../../../db/schema';
import { ENGINE } from './engine-settings';
import { tellTokenExpiring } from './tell-user';

const DAY_MS = 24 * 3600 * 1000;

/**
 * LinkedIn sign-ins last 60 days and the app cannot renew them: one notice (and e-mail) per token once it
 * ends within 14 days. The token end warned of is written on the connection by a conditional update, so
 * two sweeps at once warn once, and a reconnect (a new token end) is warned of again in its turn.
 * Answers how many were warned.
 */
export const warnOfTokenEndings = async (deps: AppDeps): Promise<number> => {
  const now = deps.clock.now();
  const ending = await deps.db
    .select()
    .from(socialConnections)
    .where(
      and(
        eq(socialConnections.platform, 'linkedin'),
        eq(socialConnections.status, 'connected'),
        gt(socialConnections.tokenExpiresAt, now),
        lte(socialConnections.tokenExpiresAt, new Date(now.getTime() + ENGINE.TOKEN_WARNING_DAYS * DAY_MS)),
      ),
    );
  let warned = 0;
  for (const connection of ending) {
    const end = connection.tokenExpiresAt;
    if (!end || connection.meta.tokenWarnedFor === end.toISOString()) continue;
    const [claimed] = await deps.db
      .update(socialConnections)
      .set({
        meta: sql`${socialConnections.meta} || jsonb_build_object('tokenWarnedFor', ${end.toISOString()}::text)`,
      })
      .where(
        and(
          eq(socialConnections.id, connection.id),
          eq(socialConnections.tokenExpiresAt, end),
          sql`coalesce(${socialConnections.meta} ->> 'tokenWarnedFor', '') <> ${end.toISOString()}`,
        ),
      )
      .returning({ id: socialConnections.id });
    if (!claimed) continue;
    await tellTokenExpiring(deps, { ...connection, tokenExpiresAt: end });
    warned++;
  }
  return warned;
};
