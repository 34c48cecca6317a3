import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { SOCIAL_NETWORK_LABELS, type TSocialPost } from '@sales-assist/contract';
import { IconPlus, IconShare } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { PageNumbers } from '../../../ui/page-numbers';
import { PageShell } from '../../../ui/page-shell';
import { WriterBadge } from '../../linkedin-posts/components/writer-badge';
import { ContentScheduleBadge } from '../../schedule/components/content-schedule-badge';
import { SocialPicture } from '../components/social-picture';
import { useSocialPosts } from '../hooks/use-socials';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const CreateButton = () => (
  <Button component={Link} to="/socials/content" leftSection={<IconPlus size={18} />}>
    Create posts
  </Button>
);

const PostTile = ({ post, onOpen }: { post: TSocialPost; onOpen: () => void }) => (
  <Card withBorder padding={0} radius="md">
    <UnstyledButton
      onClick={onOpen}
      aria-label={`Open the ${SOCIAL_NETWORK_LABELS[post.network]} post ${post.id}`}
    >
      <SocialPicture post={post} ratio={16 / 10} />
      <Stack gap={6} p="sm">
        <Group gap={6}>
          <Badge variant="light">{SOCIAL_NETWORK_LABELS[post.network]}</Badge>
          <WriterBadge writer={post.writer} model={post.model} />
          {/* Inside the tile's button: it tells; the opened post's badge links to the calendar. */}
          <ContentScheduleBadge contentId={post.id} linked={false} />
        </Group>
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
          {post.text}
        </Text>
        <Text size="xs" c="dimmed">
          {when(post.created_at)} · {post.characters.toLocaleString('en-US')} characters
          {post.theme ? ` · ${post.theme}` : ''}
        </Text>
      </Stack>
    </UnstyledButton>
  </Card>
);

/** Spec §2 allsocials: every social post, 10 a page (spec §9), newest first; one opens in the editor. */
export const AllSocialsPage = () => {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const navigate = useNavigate();
  const posts = useSocialPosts(page);
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next === 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });

  let body: React.ReactNode;
  if (posts.isLoading) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-label="Loading your posts">
        {[0, 1, 2].map((each) => (
          <Skeleton key={each} h={300} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (posts.isError || !posts.data) {
    body = <LoadFailed what="your posts" onRetry={() => posts.refetch()} />;
  } else if (posts.data.items.length === 0) {
    body = (
      <EmptyState
        icon={IconShare}
        title="No social posts yet"
        hint="Write posts for Facebook, Instagram and LinkedIn with a picture: they are kept here."
        action={<CreateButton />}
      />
    );
  } else {
    const pages = Math.max(1, Math.ceil(posts.data.total / posts.data.limit));
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {posts.data.items.map((post) => (
            <PostTile key={post.id} post={post} onOpen={() => navigate(`/socials/content?post=${post.id}`)} />
          ))}
        </SimpleGrid>
        {posts.data.total > posts.data.limit && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {posts.data.total.toLocaleString()} in all
            </Text>
            <PageNumbers page={page} pages={pages} onChange={setPage} />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <PageShell
      title="All socials"
      description="Your social media posts with their pictures, newest first. Open one to edit it, copy its text or download its picture."
      actions={<CreateButton />}
    >
      {body}
    </PageShell>
  );
};
