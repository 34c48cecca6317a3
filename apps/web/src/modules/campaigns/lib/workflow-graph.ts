import { type Edge, MarkerType, type Node } from '@xyflow/react';

/** What a box of the chart is: the start, an action taken, an outcome read back, an end, a wait. */
export type TFlowKind = 'start' | 'action' | 'outcome' | 'end' | 'delay';
export type TFlowNodeData = { label: string; kind: TFlowKind; day?: number };
export type TFlowNode = Node<TFlowNodeData, 'flow'>;

/** Spec §9: the workflow delay label between two steps. */
export const DELAY_LABEL = '7 Days';

const WIDTH: Record<TFlowKind, number> = { start: 200, action: 380, outcome: 230, end: 230, delay: 110 };
/** Horizontal centres of the three lanes. */
const LANE = { left: -200, center: 0, right: 200 } as const;

type TBox = { id: string; label: string; kind: TFlowKind; lane: keyof typeof LANE; y: number; day?: number };

/**
 * Spec §2 step 3, box for box: the plan of spec §7 (days 0, 7, 14, 21, 28, 35, 42) with a "7 Days"
 * wait between the steps that are a week apart.
 */
const BOXES: TBox[] = [
  { id: 'start', label: 'Campaign Start', kind: 'start', lane: 'center', y: 0 },
  { id: 'view', label: 'View LinkedIn Profile', kind: 'action', lane: 'center', y: 70, day: 0 },
  { id: 'wait-like', label: DELAY_LABEL, kind: 'delay', lane: 'center', y: 150 },
  { id: 'like', label: 'Like most recent Post', kind: 'action', lane: 'center', y: 210, day: 7 },
  { id: 'wait-comment', label: DELAY_LABEL, kind: 'delay', lane: 'center', y: 290 },
  { id: 'comment', label: 'Comment on most Recent Post', kind: 'action', lane: 'center', y: 350, day: 14 },
  { id: 'wait-connect', label: DELAY_LABEL, kind: 'delay', lane: 'center', y: 430 },
  {
    id: 'connect',
    label: 'Send Connect Request with Custom Message',
    kind: 'action',
    lane: 'center',
    y: 490,
    day: 21,
  },
  { id: 'wait-answer', label: DELAY_LABEL, kind: 'delay', lane: 'center', y: 570 },
  { id: 'accepted', label: 'Request Accepted', kind: 'outcome', lane: 'left', y: 630 },
  { id: 'not-accepted', label: 'Request Not Accepted', kind: 'outcome', lane: 'right', y: 630 },
  { id: 'withdrawn', label: 'Request Withdrawn', kind: 'end', lane: 'right', y: 700 },
  { id: 'follow-up-1', label: 'Send Follow-up Message-1', kind: 'action', lane: 'center', y: 770, day: 28 },
  { id: 'wait-reply-1', label: DELAY_LABEL, kind: 'delay', lane: 'center', y: 850 },
  { id: 'replied-1', label: 'Reply Received (End)', kind: 'end', lane: 'left', y: 910 },
  { id: 'no-reply-1', label: 'Reply Not Received', kind: 'outcome', lane: 'right', y: 910 },
  { id: 'follow-up-2', label: 'Send Follow-up Message-2', kind: 'action', lane: 'center', y: 990, day: 35 },
  { id: 'wait-reply-2', label: DELAY_LABEL, kind: 'delay', lane: 'center', y: 1070 },
  { id: 'replied-2', label: 'Reply Received (End)', kind: 'end', lane: 'left', y: 1130 },
  { id: 'no-reply-2', label: 'Reply Not Received (End)', kind: 'end', lane: 'right', y: 1130 },
];

const LINKS: [string, string][] = [
  ['start', 'view'],
  ['view', 'wait-like'],
  ['wait-like', 'like'],
  ['like', 'wait-comment'],
  ['wait-comment', 'comment'],
  ['comment', 'wait-connect'],
  ['wait-connect', 'connect'],
  ['connect', 'wait-answer'],
  ['wait-answer', 'accepted'],
  ['wait-answer', 'not-accepted'],
  ['not-accepted', 'withdrawn'],
  ['accepted', 'follow-up-1'],
  ['follow-up-1', 'wait-reply-1'],
  ['wait-reply-1', 'replied-1'],
  ['wait-reply-1', 'no-reply-1'],
  ['no-reply-1', 'follow-up-2'],
  ['follow-up-2', 'wait-reply-2'],
  ['wait-reply-2', 'replied-2'],
  ['wait-reply-2', 'no-reply-2'],
];

export const FLOW_NODES: TFlowNode[] = BOXES.map(({ id, label, kind, lane, y, day }) => ({
  id,
  type: 'flow',
  position: { x: LANE[lane] - WIDTH[kind] / 2, y },
  data: { label, kind, ...(day !== undefined && { day }) },
  style: { width: WIDTH[kind] },
}));

export const FLOW_EDGES: Edge[] = LINKS.map(([source, target]) => ({
  id: `${source}->${target}`,
  source,
  target,
  type: 'smoothstep',
  markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
  style: { strokeWidth: 1.5 },
}));

/** The chart in words, for screen readers. */
export const FLOW_STEPS_TEXT = BOXES.filter((box) => box.kind !== 'delay').map((box) => box.label);
