import { Group, Pagination, Text } from '@mantine/core';
import { pageWindow } from '../../../ui/page-window';

type TBlogPagerProps = { page: number; totalPages: number; total: number; onChange: (page: number) => void };

/** Pages of the grid (9 posts each), five page numbers at a time like every pager; hidden on one page. */
export const BlogPager = ({ page, totalPages, total, onChange }: TBlogPagerProps) => {
  if (totalPages <= 1) return null;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {total.toLocaleString()} posts
      </Text>
      <Pagination.Root total={totalPages} value={page} onChange={onChange}>
        <Group gap={6} component="nav" aria-label="Pages">
          <Pagination.First aria-label="First page" />
          <Pagination.Previous aria-label="Previous page" />
          {pageWindow(page, totalPages).map((number) => (
            <Pagination.Control
              key={number}
              active={number === page}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => onChange(number)}
            >
              {number}
            </Pagination.Control>
          ))}
          <Pagination.Next aria-label="Next page" />
          <Pagination.Last aria-label="Last page" />
        </Group>
      </Pagination.Root>
    </Group>
  );
};
