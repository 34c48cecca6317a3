import { Alert, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import type { TSocialPost } from '@sales-assist/contract';
import { IconLayoutList } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../ui/load-failed';
import { PageShell } from '../../../ui/page-shell';
import { OfflineNotice } from '../../linkedin-posts/components/offline-notice';
import { CreatePanel } from '../components/create-panel';
import { SocialPostCard } from '../components/social-post-card';
import { useCreateSocialPosts } from '../hooks/use-social-mutations';
import { useSocialPost, useSocialPosts } from '../hooks/use-socials';

const positive = (value: string | null): number | null => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : null;
};

const AllPostsLink = () => (
  <Button component={Link} to="/allsocials" variant="default" leftSection={<IconLayoutList size={18} />}>
    All posts
  </Button>
);

/** ?post=id: one post opened from All posts or History. */
const OpenedPost = ({ id, imageModel }: { id: number; imageModel: boolean }) => {
  const navigate = useNavigate();
  const post = useSocialPost(id);
  if (post.isLoading) return <Loader aria-label="Loading the post" />;
  if (post.isError || !post.data) return <LoadFailed what="the post" onRetry={() => post.refetch()} />;
  return (
    <SocialPostCard post={post.data} imageModel={imageModel} onDeleted={() => navigate('/allsocials')} />
  );
};

/**
 * Spec §2 socials/content: write posts for Facebook, Instagram and LinkedIn from a topic, a blog post
 * or a text, with a theme's picture; each network's post previewed as it shows it, edited, copied, its
 * picture downloaded. ?post=id opens one saved post.
 */
export const SocialsContentPage = () => {
  const [params] = useSearchParams();
  const openId = positive(params.get('post'));
  const summary = useSocialPosts(1);
  const create = useCreateSocialPosts();
  const [made, setMade] = useState<TSocialPost[]>([]);
  const [fallback, setFallback] = useState<string | null>(null);
  const imageModel = summary.data?.image_model ?? false;

  if (openId !== null) {
    return (
      <PageShell title="Edit social post" back="/allsocials" actions={<AllPostsLink />}>
        <OpenedPost id={openId} imageModel={imageModel} />
      </PageShell>
    );
  }

  const writer = made[0]?.writer ?? summary.data?.writer;
  return (
    <PageShell
      title="Socials"
      description="Write posts for Facebook, Instagram and LinkedIn from a topic, one of your blog posts or one of your texts, each fitted to its network, with a picture from a theme, your own images or an image model. Each generation counts as one social media post of your plan."
      actions={<AllPostsLink />}
    >
      <Stack gap="lg">
        <OfflineNotice writer={writer} />
        <CreatePanel
          busy={create.isPending}
          imageModel={imageModel}
          onCreate={(request) =>
            create.mutate(request, {
              onSuccess: (answer) => {
                setMade(answer.items);
                setFallback(answer.fallback_reason);
              },
            })
          }
        />
        {create.isPending && (
          <Stack gap={6} aria-live="polite">
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">Writing your posts…</Text>
            </Group>
            <Progress value={100} animated striped aria-label="Writing your posts" />
          </Stack>
        )}
        {fallback && (
          <Alert variant="light" color="yellow" radius="lg">
            The AI model {fallback}: the offline writer wrote these posts instead.
          </Alert>
        )}
        {made.length > 0 && (
          <Stack gap="md">
            <Title order={4}>Your new posts</Title>
            {made.map((post) => (
              <SocialPostCard
                key={post.id}
                post={post}
                imageModel={imageModel}
                onDeleted={() => setMade((current) => current.filter((each) => each.id !== post.id))}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </PageShell>
  );
};
