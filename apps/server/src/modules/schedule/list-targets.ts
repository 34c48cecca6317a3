import type { TScheduleTargetsResponse } from '@sales-assist/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { socialConnections } from '../../db/schema';

/** The caller's connected accounts, as places content can go (no token or platform detail leaves). */
export const listTargets = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<TScheduleTargetsResponse> => {
  const rows = await deps.db
    .select({
      id: socialConnections.id,
      platform: socialConnections.platform,
      name: socialConnections.name,
      picture: socialConnections.pictureUrl,
      status: socialConnections.status,
    })
    .from(socialConnections)
    .where(eq(socialConnections.userId, userId))
    .orderBy(asc(socialConnections.platform), asc(socialConnections.name), asc(socialConnections.id));
  return { data: rows };
};
