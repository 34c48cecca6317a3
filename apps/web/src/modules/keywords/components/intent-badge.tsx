import { Badge, Tooltip } from '@mantine/core';
import { KEYWORD_INTENT_HINTS, KEYWORD_INTENT_LABELS, type TKeywordIntent } from '@sales-assist/contract';

const COLORS: Record<TKeywordIntent, string> = {
  informational: 'blue',
  commercial: 'grape',
  transactional: 'teal',
  navigational: 'orange',
};

/** A keyword's search intent, with what it means on hover. */
export const IntentBadge = ({ intent }: { intent: TKeywordIntent }) => (
  <Tooltip label={KEYWORD_INTENT_HINTS[intent]} withArrow>
    <Badge variant="light" color={COLORS[intent]} size="sm" radius="sm">
      {KEYWORD_INTENT_LABELS[intent]}
    </Badge>
  </Tooltip>
);
