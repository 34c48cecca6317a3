import { Group, Pagination } from '@mantine/core';
import { pageWindow } from './page-window';

type TPageNumbersProps = { page: number; pages: number; onChange: (page: number) => void };

/**
 * Spec §9: five page numbers at a time. Mantine's own range adds boundary pages and dots (six or
 * seven items), so the numbers come from `pageWindow` and first/last arrows reach the ends.
 */
export const PageNumbers = ({ page, pages, onChange }: TPageNumbersProps) => (
  <Pagination.Root total={pages} value={page} onChange={onChange}>
    <Group gap={6} component="nav" aria-label="Pages">
      <Pagination.First aria-label="First page" />
      <Pagination.Previous aria-label="Previous page" />
      {pageWindow(page, pages).map((number) => (
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
);
