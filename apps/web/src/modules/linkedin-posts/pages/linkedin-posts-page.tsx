import { Button, Stack, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageShell } from '../../../ui/page-shell';
import { GeneratePanel } from '../components/generate-panel';
import { OfflineNotice } from '../components/offline-notice';
import { PostEditor } from '../components/post-editor';
import { SavedPosts } from '../components/saved-posts';
import { VariantCards } from '../components/variant-cards';
import { useGeneratePosts } from '../hooks/use-generate-posts';
import { useLinkedinPosts } from '../hooks/use-linkedin-posts';

const positive = (value: string | null): number | null => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : null;
};

const HistoryLink = () => (
  <Button component={Link} to="/history" variant="default" leftSection={<IconHistory size={18} />}>
    History
  </Button>
);

/**
 * Spec §2 linkedin: write LinkedIn posts from a topic, a blog post (repurpose, also reached as
 * ?blog=id) or a text, watch the variants being written, choose one and edit it (?post=id, so a
 * reload or History reopens it), and the saved posts.
 */
export const LinkedinPostsPage = () => {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page')) ?? 1;
  const openId = positive(params.get('post'));
  const blogId = positive(params.get('blog'));
  const posts = useLinkedinPosts(page);
  const { state, generate, stop, reset } = useGeneratePosts();

  const setParam = (name: 'page' | 'post', value: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null || (name === 'page' && value === 1)) next.delete(name);
      else next.set(name, String(value));
      next.delete('blog');
      return next;
    });

  if (openId !== null) {
    return (
      <PageShell title="Edit LinkedIn post" back="/linkedin" actions={<HistoryLink />}>
        <PostEditor id={openId} onDeleted={() => setParam('post', null)} />
      </PageShell>
    );
  }

  const writer = state.writer ?? posts.data?.writer;
  return (
    <PageShell
      title="Linkedin"
      description="Write LinkedIn posts from a topic, one of your blog posts or one of your texts. Watch the variants being written, choose one, edit it and copy it to LinkedIn."
      actions={<HistoryLink />}
    >
      <Stack gap="lg">
        <OfflineNotice writer={writer} />
        <GeneratePanel
          streaming={state.phase === 'streaming'}
          initialBlogId={blogId}
          onGenerate={(request) => void generate(request)}
          onStop={stop}
        />
        <VariantCards
          generation={state}
          onChoose={(post) => {
            reset();
            setParam('post', post.id);
          }}
        />
        <Title order={4}>Your LinkedIn posts</Title>
        <SavedPosts
          data={posts.data}
          loading={posts.isLoading}
          failed={posts.isError}
          onRetry={() => posts.refetch()}
          page={page}
          onPage={(next) => setParam('page', next)}
          onOpen={(id) => setParam('post', id)}
        />
      </Stack>
    </PageShell>
  );
};
