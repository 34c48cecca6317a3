import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { PROMPT_VARIABLES, PURPOSE_VARIABLES, type TPromptPurpose } from '@sales-assist/contract';

type TPromptVariableChipsProps = {
  purpose: TPromptPurpose;
  /** The variables the text uses now: shown filled, so what is still unused stands out. */
  used: readonly string[];
  onInsert: (name: string) => void;
};

const meaningOf = (name: string): string =>
  PROMPT_VARIABLES.find((variable) => variable.name === name)?.meaning ?? '';

/** The {variables} a prompt of this purpose may use, as buttons that insert one at the cursor. */
export const PromptVariableChips = ({ purpose, used, onInsert }: TPromptVariableChipsProps) => (
  <Stack gap={6}>
    <Text size="sm" fw={600}>
      Variables (click to insert)
    </Text>
    <Group gap={6}>
      {PURPOSE_VARIABLES[purpose].map((name) => (
        <Tooltip key={name} label={meaningOf(name)} withArrow multiline maw={280}>
          <Badge
            component="button"
            type="button"
            variant={used.includes(name) ? 'filled' : 'light'}
            radius="sm"
            style={{ cursor: 'pointer', textTransform: 'none' }}
            aria-label={`Insert {${name}}`}
            onClick={() => onInsert(name)}
          >
            {`{${name}}`}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  </Stack>
);
