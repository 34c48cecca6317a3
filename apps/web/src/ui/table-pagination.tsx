import { Group, Select, Text } from '@mantine/core';
import { PageNumbers } from './page-numbers';

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
 * exceeds 10.
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
        <PageNumbers page={page} pages={pages} onChange={onPageChange} />
      </Group>
    </Group>
  );
};
