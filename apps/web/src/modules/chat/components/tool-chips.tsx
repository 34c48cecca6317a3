import { Group, Pill, Tooltip } from '@mantine/core';
import type { TChatToolUse } from '@sales-assist/contract';

/** What the answer read or wrote, as small chips above it ("Read campaign “Q4 push”: 120 leads, …"). */
export const ToolChips = ({ tools }: { tools: TChatToolUse[] }) => {
  if (tools.length === 0) return null;
  return (
    <Group gap={6} mb={6} aria-label="Tools used">
      {tools.map((tool, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a tool may be used twice with the same summary
        <Tooltip key={index} label={tool.name} openDelay={400}>
          <Pill size="sm" data-testid="tool-chip" maw={360}>
            {tool.summary}
          </Pill>
        </Tooltip>
      ))}
    </Group>
  );
};
