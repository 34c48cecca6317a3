import { Center, Loader, Stack, Title } from '@mantine/core';
import type { TBlogTopic } from '@sales-assist/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../../ui/page-shell';
import { BlogGrid } from '../components/blog-grid';
import { GenerateForm } from '../components/generate-form';
import { TopicCards } from '../components/topic-cards';
import { TopicSuggester } from '../components/topic-suggester';
import { WriterNotice } from '../components/writer-notice';
import { useBlogTopics } from '../hooks/use-blog-topics';
import { useBlogs } from '../hooks/use-blogs';

// The rich-text editor (TipTap, Markdown export) loads only when a post is opened.
const BlogEditor = lazy(async () => ({ default: (await import('../components/blog-editor')).BlogEditor }));

const positive = (value: string | null): number | null => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : null;
};

/**
 * Spec §2 website-content (and website-content/blogs): suggest topics, write posts in the background,
 * a grid of 9 a page, and the editor of one post (?post=id, so a reload reopens it).
 */
export const BlogsPage = () => {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page')) ?? 1;
  const openId = positive(params.get('post'));
  const blogs = useBlogs(page);
  const topics = useBlogTopics();
  const [picked, setPicked] = useState<TBlogTopic | null>(null);

  const setParam = (name: 'page' | 'post', value: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || (name === 'page' && value === 1)) next.delete(name);
        else next.set(name, String(value));
        return next;
      },
      { replace: name === 'page' },
    );

  // A page emptied by deletions shows the last page that has posts.
  const lastPage = blogs.data?.total_pages;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) setParam('page', lastPage);
  });

  if (openId !== null) {
    return (
      <PageShell title="Edit blog post" back="/website-content">
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading the editor" />
            </Center>
          }
        >
          <BlogEditor id={openId} writer={blogs.data?.writer} onClose={() => setParam('post', null)} />
        </Suspense>
      </PageShell>
    );
  }

  return (
    <PageShell
      title="Blogs"
      description="Suggest topics from your brand, write posts in the background, then edit, copy and publish them."
    >
      <Stack gap="lg">
        <WriterNotice writer={blogs.data?.writer} />
        <TopicSuggester hasWebsite={blogs.data?.has_website ?? true} />
        <TopicCards
          topics={topics.data}
          loading={topics.isPending}
          selectedId={picked?.id ?? null}
          onPick={setPicked}
        />
        <GenerateForm picked={picked} onStarted={() => setParam('page', 1)} />
        <Title order={3}>Your posts</Title>
        <BlogGrid
          data={blogs.data}
          loading={blogs.isPending}
          failed={blogs.isError}
          onRetry={() => void blogs.refetch()}
          onPage={(next) => setParam('page', next)}
          onOpen={(id) => setParam('post', id)}
        />
      </Stack>
    </PageShell>
  );
};
