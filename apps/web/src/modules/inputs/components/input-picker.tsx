import { Anchor, Group, MultiSelect, Text } from '@mantine/core';
import { INPUT_PAGE_SIZE_MAX, INPUT_PROMPT_LIMITS, type TInput } from '@sales-assist/contract';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useInputs } from '../hooks/use-inputs';
import { inputTypeLabel } from '../lib/format-input';

export type TInputPickerProps = {
  /** The chosen text inputs' ids, in the order chosen. */
  value: number[];
  onChange: (ids: number[]) => void;
  /** Most texts one generation takes (the caller's contract says how many). */
  max?: number;
  label?: string;
  disabled?: boolean;
};

const optionDetails = (input: TInput): string =>
  `${inputTypeLabel(input)} · ${(input.characters ?? 0).toLocaleString('en-US')} characters`;

/**
 * Choose text inputs to ground a generation (Blogs, LinkedIn posts): a searchable list of the newest
 * texts, returning their ids. With no texts yet it says where to add some. Each chosen text reaches
 * the prompt cut to INPUT_PROMPT_LIMITS (the server cuts, fairly); the description says so.
 */
export const InputPicker = ({
  value,
  onChange,
  max = 5,
  label = 'Ground it in your texts',
  disabled = false,
}: TInputPickerProps) => {
  const texts = useInputs({ kind: 'text', page: 1, limit: INPUT_PAGE_SIZE_MAX });
  const inputs = texts.data?.inputs ?? [];
  const byId = new Map(inputs.map((input) => [String(input.id), input]));
  const description = `Optional, up to ${max}. Each text is used up to ${INPUT_PROMPT_LIMITS.eachChars.toLocaleString('en-US')} characters.`;

  if (texts.data && texts.data.total === 0) {
    return (
      <Group gap="xs" wrap="nowrap">
        <IconFileText size={18} color="var(--mantine-color-gray-6)" />
        <Text size="sm" c="dimmed">
          No texts to ground it in yet.{' '}
          <Anchor component={Link} to="/inputs/uploadedtexts" size="sm">
            Add texts in Inputs
          </Anchor>
        </Text>
      </Group>
    );
  }

  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={
        value.length === 0 ? (texts.isLoading ? 'Loading your texts…' : 'Choose texts') : undefined
      }
      data={inputs.map((input) => ({ value: String(input.id), label: input.name }))}
      // Ids no longer listed (deleted meanwhile) are dropped from the choice.
      value={value.map(String).filter((id) => byId.has(id) || texts.isLoading)}
      onChange={(ids) => onChange(ids.map(Number))}
      renderOption={({ option }) => {
        const input = byId.get(option.value);
        return (
          <div>
            <Text size="sm">{option.label}</Text>
            {input && (
              <Text size="xs" c="dimmed">
                {optionDetails(input)}
              </Text>
            )}
          </div>
        );
      }}
      maxValues={max}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage="No text has this name"
      disabled={disabled || texts.isError}
      error={texts.isError ? 'Your texts could not be loaded' : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
