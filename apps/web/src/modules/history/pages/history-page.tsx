import { Button, Group, Select, Skeleton, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  HISTORY_KIND_LABELS,
  HISTORY_KINDS,
  HISTORY_SEARCH_MAX,
  type THistoryKind,
} from '@sales-assist/contract';
import { IconHistory, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { HistoryRow } from '../components/history-row';
import { useHistory } from '../hooks/use-history';

const KIND_OPTIONS = [
  { value: 'all', label: 'All' },
  ...HISTORY_KINDS.map((kind) => ({ value: kind, label: HISTORY_KIND_LABELS[kind] })),
];

/** Spec §2 history: everything generated, newest first; filter by kind, search titles, reopen, duplicate, delete. */
export const HistoryPage = () => {
  const [kind, setKind] = useState<THistoryKind | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const history = useHistory({ kind, q });
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = kind !== null || q !== '';

  return (
    <PageShell
      title="History"
      description="Everything you generated, newest first: blog posts, topics, LinkedIn posts and social posts. Reopen, duplicate or delete any of them."
    >
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label="Search titles"
            placeholder="Search titles"
            leftSection={<IconSearch size={16} />}
            value={search}
            maxLength={HISTORY_SEARCH_MAX}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={320}
          />
          <Select
            aria-label="Type"
            data={KIND_OPTIONS}
            value={kind ?? 'all'}
            allowDeselect={false}
            onChange={(value) => setKind(!value || value === 'all' ? null : (value as THistoryKind))}
            w={200}
          />
        </Group>
        {history.isLoading ? (
          <Stack gap="sm" aria-label="Loading the history">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} h={96} radius="md" />
            ))}
          </Stack>
        ) : history.isError && items.length === 0 ? (
          <LoadFailed what="the history" onRetry={() => history.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={IconHistory}
            title={filtered ? 'Nothing matches' : 'Nothing to Show'}
            hint={
              filtered
                ? 'Try another word or type.'
                : 'What you write in Blogs and Linkedin appears here, newest first.'
            }
          />
        ) : (
          <Stack gap="sm" style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
            {items.map((item) => (
              <HistoryRow key={item.id} item={item} />
            ))}
            {history.hasNextPage && (
              <Group justify="center">
                <Button
                  variant="light"
                  loading={history.isFetchingNextPage}
                  onClick={() => history.fetchNextPage()}
                >
                  Load more
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </PageShell>
  );
};
