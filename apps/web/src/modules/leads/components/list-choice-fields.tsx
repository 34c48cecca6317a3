import { Divider, Select, Stack, TextInput } from '@mantine/core';
import { LIST_NAME_MAX } from '@sales-assist/contract';
import { useListOptions } from '../hooks/use-list-options';

export type TListChoice = { listId: string | null; newName: string };

type TListChoiceFieldsProps = {
  value: TListChoice;
  onChange: (value: TListChoice) => void;
  /** CSV import: choosing one clears the other (spec §5). */
  exclusive: boolean;
};

/** "Select a list to import to", or "Or Create a new List" with "Enter a list name". */
export const ListChoiceFields = ({ value, onChange, exclusive }: TListChoiceFieldsProps) => {
  const options = useListOptions();
  const data = (options.data?.lists ?? []).map((list) => ({
    value: String(list.id),
    label: list.status === 'Importing...' ? `${list.name} (importing…)` : list.name,
    disabled: list.status === 'Importing...',
  }));
  return (
    <Stack gap="sm">
      <Select
        label="Select a list to import to"
        placeholder={
          options.isPending ? 'Loading your lists…' : data.length ? 'Select a list' : 'You have no lists yet'
        }
        data={data}
        value={value.listId}
        onChange={(listId) => onChange({ listId, newName: exclusive && listId ? '' : value.newName })}
        searchable
        clearable
        nothingFoundMessage="No list of that name"
        disabled={options.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      <Divider label="Or Create a new List" labelPosition="center" />
      <TextInput
        label="New list name"
        placeholder="Enter a list name"
        value={value.newName}
        maxLength={LIST_NAME_MAX}
        onChange={(event) => {
          const newName = event.currentTarget.value;
          onChange({ newName, listId: exclusive && newName.trim() ? null : value.listId });
        }}
      />
    </Stack>
  );
};
