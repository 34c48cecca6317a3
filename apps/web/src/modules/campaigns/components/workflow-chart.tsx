import '@xyflow/react/dist/style.css';
import { Box, List, VisuallyHidden } from '@mantine/core';
import { ReactFlow } from '@xyflow/react';
import { FLOW_EDGES, FLOW_NODES, FLOW_STEPS_TEXT } from '../lib/workflow-graph';
import { WorkflowNode } from './workflow-node';

const NODE_TYPES = { flow: WorkflowNode };

/**
 * Spec §2 step 3: the campaign's workflow as a read-only flowchart: nothing can be dragged,
 * connected, selected, zoomed or panned; it is fitted to its frame once.
 */
export const WorkflowChart = () => (
  <Box
    h={1210}
    bg="gray.0"
    style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
  >
    <VisuallyHidden>
      <List type="ordered">
        {FLOW_STEPS_TEXT.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: "Reply Received (End)" appears twice
          <List.Item key={index}>{step}</List.Item>
        ))}
      </List>
    </VisuallyHidden>
    <ReactFlow
      aria-label="Campaign workflow"
      nodes={FLOW_NODES}
      edges={FLOW_EDGES}
      nodeTypes={NODE_TYPES}
      fitView
      fitViewOptions={{ padding: 0.04, maxZoom: 1 }}
      maxZoom={1}
      nodesDraggable={false}
      nodesConnectable={false}
      nodesFocusable={false}
      edgesFocusable={false}
      elementsSelectable={false}
      zoomOnScroll={false}
      zoomOnPinch={false}
      zoomOnDoubleClick={false}
      panOnDrag={false}
      panOnScroll={false}
      preventScrolling={false}
      deleteKeyCode={null}
    />
  </Box>
);
