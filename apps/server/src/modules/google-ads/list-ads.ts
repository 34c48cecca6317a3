import type { TGoogleAdsResponse } from '@sales-assist/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import type { ContentWriter } from '../../lib/writers/content-writer/types';
import { NEWEST_FIRST } from '../content/newest-first';
import { adView } from './ad-view';

const isAd = (userId: string) => and(eq(contentItems.userId, userId), eq(contentItems.kind, 'google_ad'));

/** A page of the caller's Google ads, newest first (on the user, kind, created_at index). */
export const listAds = async (
  deps: Pick<AppDeps, 'db'> & { content: Pick<ContentWriter, 'kind'> },
  userId: string,
  query: { page: number; limit: number },
): Promise<TGoogleAdsResponse> => {
  const rows = await deps.db
    .select({ item: contentItems, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(contentItems)
    .where(isAd(userId))
    .orderBy(...NEWEST_FIRST)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total =
    rows[0]?.total ??
    (await deps.db.select({ total: count() }).from(contentItems).where(isAd(userId)))[0]?.total ??
    0;
  return {
    ads: rows.map(({ item }) => adView(item)),
    total,
    page: query.page,
    limit: query.limit,
    writer: deps.content.kind,
  };
};
