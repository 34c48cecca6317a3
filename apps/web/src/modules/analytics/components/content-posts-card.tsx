import {
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  CONTENT_FIGURE_METRICS,
  CONTENT_NETWORKS,
  type TContentFigureState,
  type TContentNetwork,
  type TContentPost,
} from '@sales-assist/contract';
import { IconChartBar, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { useContentPosts, useReadPostFigures } from '../hooks/use-content-posts';
import { CsvButton } from './csv-button';

/** How long the list follows a read asked for: the reads go a post a second. */
const WATCH_MS = 60_000;

/** What a post without figures shows in their place. */
export const FIGURE_STATE_TEXT: Record<Exclude<TContentFigureState, 'measured'>, string> = {
  waiting: 'First figures about an hour after publishing',
  not_permitted: 'Not available with the granted permissions',
  post_gone: 'The post is no longer on the platform',
  reconnect: 'Reconnect the account to read its figures',
  failed: 'Could not be read this time; tried again later',
  not_offered: 'WordPress gives no figures',
};

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const networkLabel = (key: string) => CONTENT_NETWORKS.find((network) => network.key === key)?.label ?? key;

const stateText = (post: TContentPost): string | null =>
  post.state === 'measured' && post.figures.length > 0
    ? null
    : post.state === 'measured'
      ? 'The platform has no figures for this post yet'
      : FIGURE_STATE_TEXT[post.state];

/** One post's figure: the value, its source and as-of date on hover and for screen readers. */
const FigureCell = ({ post, metric }: { post: TContentPost; metric: string }) => {
  const figure = post.figures.find((f) => f.metric === metric);
  if (!figure)
    return (
      <Text component="span" size="sm" c="dimmed" aria-label="not given">
        –
      </Text>
    );
  const where = `${figure.source}, as of ${dateTime(figure.as_of)}`;
  return (
    <Tooltip label={where} multiline w={320} withArrow>
      <Text component="span" size="sm" aria-label={`${figure.value.toLocaleString()} (${where})`}>
        {figure.value.toLocaleString()}
      </Text>
    </Tooltip>
  );
};

const PostRow = ({ post }: { post: TContentPost }) => {
  const instead = stateText(post);
  const asOf = post.figures[0]?.as_of;
  return (
    <Table.Tr>
      <Table.Td maw={320}>
        <Stack gap={0}>
          {post.url ? (
            <Anchor href={post.url} target="_blank" rel="noreferrer" size="sm" lineClamp={1}>
              {post.title}
            </Anchor>
          ) : (
            <Text size="sm" lineClamp={1}>
              {post.title}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {networkLabel(post.network)} · {post.account} · {dateTime(post.published_at)}
            {asOf ? ` · figures as of ${dateTime(asOf)}` : ''}
          </Text>
        </Stack>
      </Table.Td>
      {instead ? (
        <Table.Td colSpan={CONTENT_FIGURE_METRICS.length}>
          <Tooltip label={post.state_reason ?? instead} disabled={!post.state_reason} multiline w={320}>
            <Text size="sm" c="dimmed">
              {instead}
            </Text>
          </Tooltip>
        </Table.Td>
      ) : (
        CONTENT_FIGURE_METRICS.map(({ key }) => (
          <Table.Td key={key} ta="right">
            <FigureCell post={post} metric={key} />
          </Table.Td>
        ))
      )}
    </Table.Tr>
  );
};

/** A CSV row per post and figure (a post without figures: one row saying why), with source and dates. */
const csvRows = (posts: TContentPost[]) =>
  posts.flatMap((post) => {
    const common = [networkLabel(post.network), post.title, post.account, post.published_at];
    return post.figures.length > 0
      ? post.figures.map((f) => [...common, f.metric, f.value, f.source, f.as_of, f.fetched_at])
      : [[...common, '', '', stateText(post) ?? '', '', post.checked_at ?? '']];
  });

/**
 * The latest published posts, per network, with the figures their platforms give (views, reach,
 * reactions…), each with its source and as-of date; why a post has none where it has none.
 */
export const ContentPostsCard = () => {
  const [network, setNetwork] = useState<TContentNetwork | 'all'>('all');
  // After "Read figures now": the list is asked again every few seconds for a minute, as the reads land.
  const [watching, setWatching] = useState(false);
  const query = useContentPosts(network === 'all' ? null : network, watching);
  const readNow = useReadPostFigures();
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];
  useEffect(() => {
    if (!watching) return;
    const stop = setTimeout(() => setWatching(false), WATCH_MS);
    return () => clearTimeout(stop);
  }, [watching]);
  return (
    <Card>
      <Group justify="space-between" mb="sm" align="flex-start">
        <div>
          <Title order={4}>Figures of published posts</Title>
          <Text size="sm" c="dimmed">
            As each platform counts them, read for 28 days after publishing. Hover a figure for its source.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={readNow.isPending}
            disabled={posts.length === 0}
            onClick={() =>
              readNow.mutate(undefined, { onSuccess: (answer) => setWatching(answer.posts > 0) })
            }
          >
            Read figures now
          </Button>
          <CsvButton
            fileName="published-post-figures.csv"
            header={[
              'Network',
              'Post',
              'Account',
              'Published at',
              'Metric',
              'Value',
              'Source',
              'As of',
              'Read at',
            ]}
            rows={() => csvRows(posts)}
          />
        </Group>
      </Group>
      <SegmentedControl
        mb="sm"
        aria-label="Network"
        value={network}
        onChange={(value) => setNetwork(value as TContentNetwork | 'all')}
        data={[
          { value: 'all', label: 'All' },
          ...CONTENT_NETWORKS.map(({ key, label }) => ({ value: key, label })),
        ]}
      />
      {query.isError && !query.data ? (
        <LoadFailed what="the figures of your posts" onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the posts' figures">
          <Skeleton h={28} />
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : posts.length === 0 ? (
        <EmptyState
          icon={IconChartBar}
          title="No published posts yet"
          hint="Once a post is out on LinkedIn, Facebook or Instagram, its platform's figures show here."
        />
      ) : (
        <Stack gap="sm" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="Figures of published posts" verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Post</Table.Th>
                  {CONTENT_FIGURE_METRICS.map(({ key, label }) => (
                    <Table.Th key={key} ta="right">
                      {label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {posts.map((post) => (
                  <PostRow key={post.id} post={post} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {query.hasNextPage ? (
            <Button
              variant="default"
              size="xs"
              w="fit-content"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Load more
            </Button>
          ) : null}
        </Stack>
      )}
    </Card>
  );
};
