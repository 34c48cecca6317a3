import { Badge, Card, Group, Pagination, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TLinkedinPostsResponse } from '@sales-assist/contract';
import { IconBrandLinkedin } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { WriterBadge } from './writer-badge';

type TSavedPostsProps = {
  data: TLinkedinPostsResponse | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The saved posts, newest first, ten a page; a click opens one in the editor. */
export const SavedPosts = ({ data, loading, failed, onRetry, page, onPage, onOpen }: TSavedPostsProps) => {
  if (loading) {
    return (
      <Stack gap="sm" aria-label="Loading your posts">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={72} radius="md" />
        ))}
      </Stack>
    );
  }
  if (failed || !data) return <LoadFailed what="your posts" onRetry={onRetry} />;
  if (data.posts.length === 0) {
    return (
      <EmptyState
        icon={IconBrandLinkedin}
        title="No LinkedIn posts yet"
        hint="Write from a topic, one of your blog posts or one of your texts: the posts you choose are kept here."
      />
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  return (
    <Stack gap="sm">
      {data.posts.map((post) => (
        <Card key={post.id} padding="md" withBorder>
          <UnstyledButton onClick={() => onOpen(post.id)} aria-label={`Open post: ${post.hook}`} w="100%">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} lineClamp={1}>
                  {post.hook || 'Untitled post'}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {post.text.slice(post.hook.length).trim()}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                <Group gap={6}>
                  <WriterBadge writer={post.writer} model={post.model} />
                  <Badge variant="outline" color="gray" size="sm">
                    {post.status}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {when(post.created_at)} · {post.characters.toLocaleString('en-US')} characters
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
        </Card>
      ))}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={onPage} aria-label="Pages of posts" />
        </Group>
      )}
    </Stack>
  );
};
