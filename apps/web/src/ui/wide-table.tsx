import { Box, Group, Table, Text } from '@mantine/core';
import { useResizeObserver } from '@mantine/hooks';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { scrollEdges, type TScrollEdges } from './scroll-edges';

type TWideTableProps = { minWidth: number; children: ReactNode };

const SHADE = 'linear-gradient(to var(--side), transparent, rgba(0, 0, 0, 0.12))';

/**
 * A table wider than its room (the all-leads table at 1024 px) scrolls sideways with a scrollbar
 * that is always shown and a shade on the side that hides columns, so nothing is cut off unseen.
 */
export const WideTable = ({ minWidth, children }: TWideTableProps) => {
  const viewport = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<TScrollEdges>({ left: false, right: false });
  const [sizeRef, rect] = useResizeObserver();
  const measure = useCallback(() => {
    if (viewport.current) setEdges(scrollEdges(viewport.current));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure again whenever the box or its rows change size
  useEffect(measure, [measure, rect.width, children]);

  return (
    <Box pos="relative" ref={sizeRef}>
      {(edges.left || edges.right) && (
        <Group gap={6} mb={4} c="dimmed">
          <IconArrowsHorizontal size={16} aria-hidden />
          <Text size="xs">Scroll sideways to see every column</Text>
        </Group>
      )}
      <Table.ScrollContainer
        minWidth={minWidth}
        scrollAreaProps={{ type: 'always', viewportRef: viewport, onScrollPositionChange: measure }}
      >
        {children}
      </Table.ScrollContainer>
      {(['left', 'right'] as const).map(
        (side) =>
          edges[side] && (
            <Box
              key={side}
              aria-hidden
              pos="absolute"
              top={edges.left || edges.right ? 24 : 0}
              bottom={12}
              w={28}
              style={{
                [side]: 0,
                pointerEvents: 'none',
                background: SHADE.replace('var(--side)', side),
              }}
            />
          ),
      )}
    </Box>
  );
};
