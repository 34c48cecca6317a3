import { Group, Paper, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import type { TFlowKind, TFlowNode } from '../lib/workflow-graph';

const LOOK: Record<Exclude<TFlowKind, 'delay'>, { bg: string; border: string; color: string }> = {
  start: { bg: 'teal.6', border: 'teal.7', color: 'white' },
  action: { bg: 'blue.0', border: 'blue.4', color: 'blue.9' },
  outcome: { bg: 'yellow.0', border: 'yellow.5', color: 'dark.7' },
  end: { bg: 'gray.1', border: 'gray.5', color: 'dark.6' },
};

/** The chart is read-only: the handles only anchor the arrows, nobody can drag from them. */
const hiddenHandle = { opacity: 0, pointerEvents: 'none' } as const;

/** One box of the campaign workflow chart. */
export const WorkflowNode = ({ data }: NodeProps<TFlowNode>) => {
  const handles = (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} style={hiddenHandle} />
      <Handle type="source" position={Position.Bottom} isConnectable={false} style={hiddenHandle} />
    </>
  );
  if (data.kind === 'delay') {
    // Spec §2: a disabled delay box; the wait is fixed by the plan and cannot be changed here.
    return (
      <Paper
        withBorder
        radius="xl"
        px="sm"
        py={4}
        bg="gray.0"
        aria-disabled
        style={{ borderStyle: 'dashed', cursor: 'not-allowed' }}
      >
        {handles}
        <Group gap={6} justify="center" wrap="nowrap">
          <IconClockHour4 size={14} color="var(--mantine-color-gray-6)" />
          <Text size="xs" c="dimmed" fw={600}>
            {data.label}
          </Text>
        </Group>
      </Paper>
    );
  }
  const look = LOOK[data.kind];
  return (
    <Paper
      withBorder
      radius={data.kind === 'start' ? 'xl' : 'md'}
      px="sm"
      py={8}
      bg={look.bg}
      style={{ borderColor: `var(--mantine-color-${look.border.replace('.', '-')})` }}
    >
      {handles}
      {/* The boxes are sized for their labels: one line each reads as a chart, not a paragraph. */}
      <Text size="sm" fw={600} c={look.color} ta="center" lh={1.3} style={{ whiteSpace: 'nowrap' }}>
        {data.label}
      </Text>
      {data.day !== undefined && (
        <Text size="xs" c="dimmed" ta="center">
          Day {data.day}
        </Text>
      )}
    </Paper>
  );
};
