import { Skeleton, Stack } from '@mantine/core';

/** Placeholder rows while a table's first page loads. */
export const TableSkeleton = ({ rows = 5 }: { rows?: number }) => (
  <Stack gap="sm" aria-busy="true" aria-label="Loading">
    <Skeleton h={36} radius="sm" />
    {Array.from({ length: rows }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <Skeleton key={index} h={44} radius="sm" opacity={1 - index * 0.12} />
    ))}
  </Stack>
);
