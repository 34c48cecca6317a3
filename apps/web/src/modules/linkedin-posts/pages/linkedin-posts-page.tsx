import { Button, Stack, Title } from '@mantine/core';
import { LINKEDIN_POST_MESSAGES, type TLinkedinPost } from '@sales-assist/contract';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../app/api/toast';
import { PageShell } from '../../../ui/page-shell';
import { GeneratePanel } from '../components/generate-panel';
import { OfflineNotice } from '../components/offline-notice';
import { PostEditor } from '../components/post-editor';
import { SavedPosts } from '../components/saved-posts';
import { VariantCards } from '../components/variant-cards';
import { useGeneratePosts } from '../hooks/use-generate-posts';
import { useLinkedinPosts } from '../hooks/use-linkedin-posts';
import { useKeepPost } from '../hooks/use-post-mutations';

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
 * ?blog=id) or a text, watch the variants being written, keep the ones worth keeping or choose one and
 * edit it (?post=id, so a reload or History reopens it), and the saved posts. The written variants
 * stay in this page's state while the editor is open, so coming back still offers the others.
 */
export const LinkedinPostsPage = () => {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page')) ?? 1;
  const openId = positive(params.get('post'));
  const blogId = positive(params.get('blog'));
  const posts = useLinkedinPosts(page);
  const { state, generate, stop, markKept } = useGeneratePosts();
  const keepPost = useKeepPost();
  const [keeping, setKeeping] = useState<number | null>(null);

  const setParam = (name: 'page' | 'post', value: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null || (name === 'page' && value === 1)) next.delete(name);
      else next.set(name, String(value));
      next.delete('blog');
      return next;
    });

  /** The variant's post: the one already kept, else kept now (null when the keep failed: it toasts). */
  const keep = async (variant: number): Promise<TLinkedinPost | null> => {
    const already = state.kept[variant];
    if (already) return already;
    const result = state.result;
    const written = result?.variants.find((one) => one.variant === variant);
    if (!result || !written) return null;
    setKeeping(variant);
    try {
      const post = await keepPost.mutateAsync({ generation: result.generation, variant, text: written.text });
      markKept(variant, post);
      return post;
    } catch {
      return null;
    } finally {
      setKeeping(null);
    }
  };

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
      description="Write LinkedIn posts from a topic, one of your blog posts or one of your texts. Watch the variants being written, keep the ones you like, edit them and schedule or copy them to LinkedIn."
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
          keeping={keeping}
          onKeep={async (variant) => {
            if (await keep(variant)) toast('success', LINKEDIN_POST_MESSAGES.kept);
          }}
          onChoose={async (variant) => {
            const post = await keep(variant);
            if (post) setParam('post', post.id);
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
