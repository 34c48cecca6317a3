import { ActionIcon, Group, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import type { TGoogleAdField } from '@sales-assist/contract';
import { IconRefresh, IconTrash } from '@tabler/icons-react';

type TAdTextFieldProps = {
  field: TGoogleAdField;
  /** "Headline 3". */
  label: string;
  value: string;
  limit: number;
  /** The field's problem (over the limit, a repeat, "!"…), from the same check the server runs. */
  problem: string | undefined;
  onChange: (value: string) => void;
  onRegenerate: () => void;
  regenerating: boolean;
  /** Absent for paths (always two) and when the least number of fields is reached. */
  onRemove?: (() => void) | undefined;
  disabled: boolean;
};

/** "23 / 30", red once over the limit. */
const Counter = ({ count, limit, label }: { count: number; limit: number; label: string }) => {
  const over = count > limit;
  return (
    <Text
      size="xs"
      c={over ? 'red' : 'dimmed'}
      fw={over ? 700 : 400}
      aria-label={`${label}: ${count} of ${limit} characters`}
      data-testid="field-counter"
      data-over={over ? 'true' : 'false'}
    >
      {count} / {limit}
    </Text>
  );
};

/** One headline, description or path with its live character counter and its own regenerate button. */
export const AdTextField = ({
  field,
  label,
  value,
  limit,
  problem,
  onChange,
  onRegenerate,
  regenerating,
  onRemove,
  disabled,
}: TAdTextFieldProps) => {
  const count = value.trim().length;
  const common = {
    style: { flex: 1 },
    label,
    value,
    error: problem,
    disabled,
    rightSectionWidth: 64,
    rightSection: <Counter count={count} limit={limit} label={label} />,
    'data-field': field,
  };
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      {field === 'description' ? (
        <Textarea
          {...common}
          autosize
          minRows={1}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      ) : (
        <TextInput {...common} onChange={(event) => onChange(event.currentTarget.value)} />
      )}
      <Group gap={4} mt={26} wrap="nowrap">
        <Tooltip label={`Write ${label.toLowerCase()} again`}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={`Regenerate ${label.toLowerCase()}`}
            onClick={onRegenerate}
            loading={regenerating}
            disabled={disabled}
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
        {onRemove && (
          <Tooltip label={`Remove ${label.toLowerCase()}`}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={onRemove}
              disabled={disabled}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
};
