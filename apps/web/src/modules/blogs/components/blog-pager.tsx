import { Group, Text } from '@mantine/core';
import { PageNumbers } from '../../../ui/page-numbers';

type TBlogPagerProps = { page: number; totalPages: number; total: number; onChange: (page: number) => void };

/** Pages of the grid (9 posts each), five page numbers at a time like every pager; hidden on one page. */
export const BlogPager = ({ page, totalPages, total, onChange }: TBlogPagerProps) => {
  if (totalPages <= 1) return null;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {total.toLocaleString()} posts
      </Text>
      <PageNumbers page={page} pages={totalPages} onChange={onChange} />
    </Group>
  );
};
