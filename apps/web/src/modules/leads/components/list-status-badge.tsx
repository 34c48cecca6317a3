import { Badge, Loader, Tooltip } from '@mantine/core';
import type { TList, TListStatus } from '@sales-assist/contract';

/** Spec §4 list status colours. */
const COLOR_OF: Record<TListStatus, string> = {
  'Importing...': 'blue',
  Error: 'red',
  'Not in Campaign': 'gray',
  'In a campaign': 'yellow',
};

/** The status of a list; its message (an error, or the import progress) is the tooltip. */
export const ListStatusBadge = ({ list }: { list: TList }) => {
  const importing = list.status === 'Importing...';
  const badge = (
    <Badge
      color={COLOR_OF[list.status]}
      variant="light"
      size="md"
      radius="sm"
      leftSection={importing ? <Loader size={10} color="blue" /> : undefined}
      tabIndex={list.message ? 0 : undefined}
      style={{
        textTransform: 'none',
        cursor: list.message ? 'help' : undefined,
        // Keeps the light badges readable on a highlighted (hovered) row.
        border: '1px solid color-mix(in srgb, currentColor 30%, transparent)',
      }}
    >
      {list.status}
    </Badge>
  );
  if (!list.message) return badge;
  return (
    <Tooltip
      label={list.message}
      multiline
      maw={320}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      {badge}
    </Tooltip>
  );
};
