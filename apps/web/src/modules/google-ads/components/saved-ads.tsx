import { Badge, Card, Group, Pagination, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TGoogleAdsResponse } from '@sales-assist/contract';
import { IconBrandGoogle } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';

type TSavedAdsProps = {
  data: TGoogleAdsResponse | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
  openId: number | null;
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The saved ads, newest first, ten a page; a click opens one in the editor. */
export const SavedAds = ({
  data,
  loading,
  failed,
  onRetry,
  page,
  onPage,
  onOpen,
  openId,
}: TSavedAdsProps) => {
  if (loading) {
    return (
      <Stack gap="sm" aria-label="Loading your ads">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={64} radius="md" />
        ))}
      </Stack>
    );
  }
  if (failed || !data) return <LoadFailed what="your ads" onRetry={onRetry} />;
  if (data.ads.length === 0) {
    return (
      <EmptyState
        icon={IconBrandGoogle}
        title="No Google ads yet"
        hint="Give a landing page and keywords (or a saved keyword list) and press Generate: your ads are kept here."
      />
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  return (
    <Stack gap="sm">
      {data.ads.map((ad) => (
        <Card
          key={ad.id}
          padding="md"
          withBorder
          bg={ad.id === openId ? 'var(--mantine-color-blue-light)' : undefined}
        >
          <UnstyledButton
            onClick={() => onOpen(ad.id)}
            aria-label={`Open ad: ${ad.headlines[0] ?? 'Untitled ad'}`}
            aria-current={ad.id === openId ? 'true' : undefined}
            w="100%"
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} lineClamp={1} c="var(--mantine-color-blue-8)">
                  {ad.headlines.slice(0, 3).join(' | ')}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {ad.display_domain}
                  {ad.path1 ? `/${ad.path1}` : ''}
                  {ad.path1 && ad.path2 ? `/${ad.path2}` : ''} · {ad.keywords.join(', ')}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                <Badge variant="outline" color={ad.writer === 'llm' ? 'violet' : 'gray'} size="sm">
                  {ad.writer === 'llm' ? (ad.model ?? 'AI model') : 'Offline writer'}
                </Badge>
                <Text size="xs" c="dimmed">
                  {when(ad.created_at)} · {ad.headlines.length} headlines
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
        </Card>
      ))}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={onPage} aria-label="Pages of ads" />
        </Group>
      )}
    </Stack>
  );
};
