import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { GOOGLE_AD_LIMITS, googleAdFieldName } from '@sales-assist/contract';
import { IconPlus } from '@tabler/icons-react';
import { FIELD_LIMITS } from '../lib/ad-draft';
import { AdTextField } from './ad-text-field';

type TListField = 'headline' | 'description';

const WORDING: Record<TListField, { title: string; add: string }> = {
  headline: { title: 'Headlines', add: 'Add headline' },
  description: { title: 'Descriptions', add: 'Add description' },
};

type TAdFieldListProps = {
  field: TListField;
  values: string[];
  problemOf: (index: number) => string | undefined;
  /** `${field}-${index}` of the field being regenerated, if any. */
  busyField: string | null;
  onChange: (index: number, value: string) => void;
  onRegenerate: (index: number) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
  disabled: boolean;
};

/**
 * The headlines or the descriptions: how many of Google's most there are, each field with its counter and
 * regenerate button, removable while more than Google's least remain, and "Add" up to the most.
 */
export const AdFieldList = ({
  field,
  values,
  problemOf,
  busyField,
  onChange,
  onRegenerate,
  onRemove,
  onAdd,
  disabled,
}: TAdFieldListProps) => {
  const limits = GOOGLE_AD_LIMITS[field];
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{WORDING[field].title}</Title>
          <Badge variant="light" color="gray">
            {values.length} of {limits.max}
          </Badge>
        </Group>
        {values.map((text, index) => (
          <AdTextField
            // biome-ignore lint/suspicious/noArrayIndexKey: a field is its position ("Headline 3").
            key={index}
            field={field}
            label={googleAdFieldName(field, index)}
            value={text}
            limit={FIELD_LIMITS[field]}
            problem={problemOf(index)}
            onChange={(value) => onChange(index, value)}
            onRegenerate={() => onRegenerate(index)}
            regenerating={busyField === `${field}-${index}`}
            onRemove={values.length > limits.min ? () => onRemove(index) : undefined}
            disabled={disabled}
          />
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          w="fit-content"
          disabled={disabled || values.length >= limits.max}
          onClick={onAdd}
        >
          {WORDING[field].add}
        </Button>
      </Stack>
    </Paper>
  );
};
