import { Badge } from '@mantine/core';
import type { TGoogleAdsResponse } from '@sales-assist/contract';
import { IconBrandGoogle } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/empty-state';
import { SavedList, savedAt, type TSavedListState } from '../../../ui/saved-list';

type TSavedAdsProps = TSavedListState & { data: TGoogleAdsResponse | undefined; openId: number | null };

/** The saved ads, newest first, ten a page; a click opens one in the editor. */
export const SavedAds = ({ data, ...list }: TSavedAdsProps) => (
  <SavedList
    {...list}
    rows={data?.ads.map((ad) => ({
      id: ad.id,
      openLabel: `Open ad: ${ad.headlines[0] ?? 'Untitled ad'}`,
      title: ad.headlines.slice(0, 3).join(' | '),
      titleColor: 'var(--mantine-color-blue-8)',
      summary: (
        <>
          {ad.display_domain}
          {ad.path1 ? `/${ad.path1}` : ''}
          {ad.path1 && ad.path2 ? `/${ad.path2}` : ''} · {ad.keywords.join(', ')}
        </>
      ),
      summaryLines: 1,
      badges: (
        <Badge variant="outline" color={ad.writer === 'llm' ? 'violet' : 'gray'} size="sm">
          {ad.writer === 'llm' ? (ad.model ?? 'AI model') : 'Offline writer'}
        </Badge>
      ),
      meta: `${savedAt(ad.created_at)} · ${ad.headlines.length} headlines`,
    }))}
    total={data?.total ?? 0}
    limit={data?.limit ?? 1}
    noun="ads"
    skeletonHeight={64}
    empty={
      <EmptyState
        icon={IconBrandGoogle}
        title="No Google ads yet"
        hint="Give a landing page and keywords (or a saved keyword list) and press Generate: your ads are kept here."
      />
    }
  />
);
