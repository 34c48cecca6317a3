import { Badge, Button, Group, Paper, ScrollArea, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  PROMPT_PURPOSE_LABELS,
  TEMPLATE_PROMPT_PURPOSES,
  TEMPLATE_PROMPT_TYPE_LABELS,
  TEMPLATE_PROMPT_TYPES,
  type TPromptSummary,
  type TTemplatePromptType,
} from '@sales-assist/contract';
import { useState } from 'react';

type TPromptListProps = {
  prompts: readonly TPromptSummary[];
  onUse: (type: TTemplatePromptType, promptId: number) => void;
};

type TFilter = 'all' | TTemplatePromptType;

const FILTERS = [
  { value: 'all', label: 'All prompts' },
  ...TEMPLATE_PROMPT_TYPES.map((type) => ({
    value: type,
    label: `For ${TEMPLATE_PROMPT_TYPE_LABELS[type]}`,
  })),
];

/** The prompt type a prompt can fill, by its purpose (none for prompts of other purposes). */
const typeFor = (prompt: TPromptSummary): TTemplatePromptType | undefined =>
  TEMPLATE_PROMPT_TYPES.find((type) => TEMPLATE_PROMPT_PURPOSES[type] === prompt.purpose);

/**
 * Spec §2 Template Editor: the scrolling list of all prompts (name, prompt id, text). Each shows its
 * purpose, and one that fits a step has a button that puts its id in that step's box.
 */
export const PromptList = ({ prompts, onUse }: TPromptListProps) => {
  const [filter, setFilter] = useState<TFilter>('all');
  const shown =
    filter === 'all'
      ? prompts
      : prompts.filter((prompt) => prompt.purpose === TEMPLATE_PROMPT_PURPOSES[filter]);
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>All prompts</Text>
        <SegmentedControl
          size="xs"
          aria-label="Show prompts"
          data={FILTERS}
          value={filter}
          onChange={(value) => setFilter(value as TFilter)}
        />
      </Group>
      <ScrollArea h={320} type="auto" offsetScrollbars>
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Prompts">
          {shown.length === 0 && (
            <Text c="dimmed" size="sm" py="md" ta="center">
              No prompt of this kind is in service.
            </Text>
          )}
          {shown.map((prompt) => {
            const type = typeFor(prompt);
            return (
              <Paper component="li" key={prompt.promptid} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Stack gap={4} miw={0}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} size="sm">
                        {prompt.promptname}
                      </Text>
                      <Badge variant="light" color="gray" size="sm" tt="none">
                        Prompt id = {prompt.promptid}
                      </Badge>
                      <Badge variant="light" color={type ? 'blue' : 'gray'} size="sm" tt="none">
                        {PROMPT_PURPOSE_LABELS[prompt.purpose]}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
                      {prompt.prompttext}
                    </Text>
                  </Stack>
                  {type && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => onUse(type, prompt.promptid)}
                      aria-label={`Use prompt ${prompt.promptid} for ${TEMPLATE_PROMPT_TYPE_LABELS[type]}`}
                      style={{ flexShrink: 0 }}
                    >
                      Use for {TEMPLATE_PROMPT_TYPE_LABELS[type]}
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </ScrollArea>
    </Stack>
  );
};
