import { Button, Card, Grid, Group, Kbd, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { TThreadsQuery } from '@sales-assist/contract';
import { IconInbox, IconMessages } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { InboxFilters } from '../components/inbox-filters';
import { ThreadList, ThreadListSkeleton } from '../components/thread-list';
import { ThreadPane, ThreadPaneSkeleton } from '../components/thread-pane';
import { useMarkRead } from '../hooks/use-thread-actions';
import { useThread, useThreads } from '../hooks/use-threads';

const isFiltered = (filters: TThreadsQuery): boolean =>
  Object.values(filters).some((value) => value !== undefined);

/**
 * Outreach → Engagement: the inbox of LinkedIn threads with campaign leads. The list on the left (search and
 * filters above it), the open thread on the right; j / k move between threads and r focuses the reply box.
 */
export const EngagementPage = () => {
  const [filters, setFilters] = useState<TThreadsQuery>({});
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const list = useThreads(filters);
  const threads = useMemo(() => list.data?.pages.flatMap((page) => page.threads) ?? [], [list.data]);
  const open = useThread(selectedId);
  const markRead = useMarkRead();

  // The newest thread opens by itself, and whichever is open is marked read once its unread show.
  useEffect(() => {
    if (selectedId === null && threads[0]) setSelectedId(threads[0].id);
  }, [threads, selectedId]);
  const openThread = open.data;
  // Once per unread message count seen, so a failed mark is not asked again and again.
  const marked = useRef('');
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    if (!openThread || openThread.unread_count === 0) return;
    const seen = `${openThread.id}:${openThread.last_message.sent_at}`;
    if (marked.current === seen) return;
    marked.current = seen;
    markAsRead(openThread.id);
  }, [openThread, markAsRead]);

  const move = (step: 1 | -1) => {
    if (threads.length === 0) return;
    const at = threads.findIndex((t) => t.id === selectedId);
    const next = threads[Math.min(threads.length - 1, Math.max(0, at + step))];
    if (next) {
      setSelectedId(next.id);
      document.querySelector(`[data-thread-id="${next.id}"]`)?.scrollIntoView?.({ block: 'nearest' });
    }
  };
  useHotkeys([
    ['j', () => move(1)],
    ['k', () => move(-1)],
    ['r', () => replyRef.current?.focus()],
  ]);

  const nothingYet = !list.isPending && threads.length === 0 && !isFiltered(filters);
  return (
    <PageShell
      title="Engagement"
      description="Every LinkedIn conversation with the leads of your campaigns, newest first: read replies, label leads and answer them here."
    >
      {list.isError ? (
        <LoadFailed what="the conversations" onRetry={() => void list.refetch()} />
      ) : nothingYet ? (
        <Card withBorder radius="lg">
          <EmptyState
            icon={IconInbox}
            title="No conversations yet: replies to your campaigns show up here"
            hint="Once a campaign has sent its first follow-up, the thread with each lead appears in this inbox."
            action={
              <Button component={Link} to="/campaigns" variant="light">
                Go to Campaigns
              </Button>
            }
          />
        </Card>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder radius="lg" p="sm">
              <InboxFilters filters={filters} onChange={setFilters} seen={threads} />
              <Text size="xs" c="dimmed" mt="xs" aria-label="Keyboard shortcuts">
                <Kbd size="xs">j</Kbd> / <Kbd size="xs">k</Kbd> next and previous · <Kbd size="xs">r</Kbd>{' '}
                reply · <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd> send
              </Text>
              <div style={{ marginTop: 8 }}>
                {list.isPending ? (
                  <ThreadListSkeleton />
                ) : threads.length === 0 ? (
                  <EmptyState
                    icon={IconMessages}
                    title="No conversation matches"
                    hint="Change the search or the filters."
                  />
                ) : (
                  <ThreadList threads={threads} selectedId={selectedId} onSelect={setSelectedId} />
                )}
              </div>
              {list.hasNextPage && (
                <Group justify="center" mt="sm">
                  <Button
                    variant="subtle"
                    onClick={() => void list.fetchNextPage()}
                    loading={list.isFetchingNextPage}
                  >
                    Load more
                  </Button>
                </Group>
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder radius="lg" p="md" mih={420}>
              {selectedId === null ? (
                list.isPending ? (
                  <ThreadPaneSkeleton />
                ) : (
                  <EmptyState icon={IconMessages} title="Choose a conversation" />
                )
              ) : open.isPending ? (
                <ThreadPaneSkeleton />
              ) : open.isError || !openThread ? (
                <LoadFailed what="this conversation" onRetry={() => void open.refetch()} />
              ) : (
                <ThreadPane thread={openThread} replyRef={replyRef} />
              )}
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </PageShell>
  );
};
