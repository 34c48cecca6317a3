import { Button, Group, Paper, Text } from '@mantine/core';
import { LEAD_OUTREACH_MESSAGES } from '@sales-assist/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TLeadSelection } from '../hooks/use-lead-selection';

/** "12 selected · Clear" above the table while leads are chosen, and the cap when it is reached. */
export const SelectionBar = ({ selection }: { selection: TLeadSelection }) => {
  const count = selection.ids.size;
  if (count === 0) return null;
  return (
    <Paper withBorder radius="md" px="md" py={6} bg="var(--mantine-color-blue-light)">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" fw={600} aria-live="polite">
            {count.toLocaleString('en-US')} selected
          </Text>
          {selection.full && (
            <Group gap={4} wrap="nowrap" c="orange.8">
              <IconAlertTriangle size={16} aria-hidden />
              <Text size="sm" c="orange.8">
                {LEAD_OUTREACH_MESSAGES.selectionFull}
              </Text>
            </Group>
          )}
        </Group>
        <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
          Clear
        </Button>
      </Group>
    </Paper>
  );
};
