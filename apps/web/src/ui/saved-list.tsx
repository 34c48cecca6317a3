import { Card, Group, Pagination, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailed } from './load-failed';

/** One saved item as the list shows it. */
export type TSavedRow = {
  id: number;
  /** The button's accessible name, e.g. "Open ad: …". */
  openLabel: string;
  title: ReactNode;
  titleColor?: string;
  summary: ReactNode;
  /** Lines of the summary shown before it is cut. */
  summaryLines: number;
  /** Top right: the writer and such. */
  badges: ReactNode;
  /** Under the badges: when it was made and its size. */
  meta: ReactNode;
};

/** "Nov 23, 2026, 10:30 PM" in the browser's language. */
export const savedAt = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What the page that shows the list tells it: the query's state, the page, and what a click opens. */
export type TSavedListState = {
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
  /** The item open in the editor, highlighted. */
  openId?: number | null;
};

type TSavedListProps = TSavedListState & {
  /** Absent until loaded (or when loading failed). */
  rows: TSavedRow[] | undefined;
  total: number;
  limit: number;
  /** "ads", "posts": in "Loading your ads" and "Pages of ads". */
  noun: string;
  skeletonHeight: number;
  /** Shown when nothing is saved yet. */
  empty: ReactNode;
};

/** Saved generated items, newest first, a page at a time; a click opens one in the editor. */
export const SavedList = ({
  rows,
  total,
  limit,
  loading,
  failed,
  onRetry,
  page,
  onPage,
  onOpen,
  openId,
  noun,
  skeletonHeight,
  empty,
}: TSavedListProps) => {
  if (loading) {
    return (
      <Stack gap="sm" aria-label={`Loading your ${noun}`}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={skeletonHeight} radius="md" />
        ))}
      </Stack>
    );
  }
  if (failed || !rows) return <LoadFailed what={`your ${noun}`} onRetry={onRetry} />;
  if (rows.length === 0) return empty;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Card
          key={row.id}
          padding="md"
          withBorder
          bg={row.id === openId ? 'var(--mantine-color-blue-light)' : undefined}
        >
          <UnstyledButton
            onClick={() => onOpen(row.id)}
            aria-label={row.openLabel}
            aria-current={row.id === openId ? 'true' : undefined}
            w="100%"
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} lineClamp={1} c={row.titleColor}>
                  {row.title}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={row.summaryLines}>
                  {row.summary}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                {row.badges}
                <Text size="xs" c="dimmed">
                  {row.meta}
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
        </Card>
      ))}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={onPage} aria-label={`Pages of ${noun}`} />
        </Group>
      )}
    </Stack>
  );
};
