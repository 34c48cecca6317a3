import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { TBlogsResponse } from '@sales-assist/contract';
import { IconArticle } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { useDeleteBlog } from '../hooks/use-blog-mutations';
import { BlogCardView } from './blog-card';
import { BlogPager } from './blog-pager';
import { confirmDeleteBlog } from './confirm-delete';

type TBlogGridProps = {
  data: TBlogsResponse | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
};

/** The user's posts, 9 a page (spec §9), newest first. */
export const BlogGrid = ({ data, loading, failed, onRetry, onPage, onOpen }: TBlogGridProps) => {
  const remove = useDeleteBlog();
  if (loading && !data) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading posts">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <Skeleton key={index} h={190} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (failed && !data) return <LoadFailed what="your blog posts" onRetry={onRetry} />;
  if (!data || data.total === 0) {
    return (
      <EmptyState
        icon={IconArticle}
        title="No blog posts yet"
        hint="Pick a suggested topic (or type your own) and write your first post: it appears here as it is written."
      />
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {data.blogs.map((blog) => (
          <BlogCardView
            key={blog.id}
            blog={blog}
            onOpen={onOpen}
            onDelete={(target) => confirmDeleteBlog(target, () => remove.mutate(target.id))}
          />
        ))}
      </SimpleGrid>
      <BlogPager page={data.page} totalPages={data.total_pages} total={data.total} onChange={onPage} />
    </Stack>
  );
};
