import { Group, Pagination, Select, Text } from '@mantine/core';
import { pageWindow } from './page-window';

export const PAGE_SIZES = [10, 50, 100] as const;

type TTablePaginationProps = {
  /** One-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
};

/**
 * Spec §9: sizes 10/50/100 ("Rows Per Page - {n}"), five page numbers at a time, only when total
 * exceeds 10. Mantine's own range adds boundary pages and dots (six or seven items), so the numbers
 * come from `pageWindow` and first/last arrows reach the ends.
 */
export const TablePagination = ({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
}: TTablePaginationProps) => {
  if (total <= 10) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" gap="sm">
      <Select
        aria-label="Rows per page"
        w={190}
        allowDeselect={false}
        value={String(pageSize)}
        data={PAGE_SIZES.map((size) => ({ value: String(size), label: `Rows Per Page - ${size}` }))}
        onChange={(value) => value && onPageSizeChange(Number(value))}
      />
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {total.toLocaleString()} in all
        </Text>
        <Pagination.Root total={pages} value={page} onChange={onPageChange}>
          <Group gap={6} component="nav" aria-label="Pages">
            <Pagination.First aria-label="First page" />
            <Pagination.Previous aria-label="Previous page" />
            {pageWindow(page, pages).map((number) => (
              <Pagination.Control
                key={number}
                active={number === page}
                aria-current={number === page ? 'page' : undefined}
                onClick={() => onPageChange(number)}
              >
                {number}
              </Pagination.Control>
            ))}
            <Pagination.Next aria-label="Next page" />
            <Pagination.Last aria-label="Last page" />
          </Group>
        </Pagination.Root>
      </Group>
    </Group>
  );
};
