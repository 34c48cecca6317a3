import { Button, Card, Group, Text, TextInput } from '@mantine/core';
import { KEYWORD_LIST_MAX, KEYWORD_LIST_NAME_MAX, KEYWORD_MESSAGES } from '@sales-assist/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';

type TSaveSelectionProps = {
  count: number;
  saving: boolean;
  onSave: (name: string) => Promise<unknown>;
  onClear: () => void;
};

/** "N selected": name the list and save it. Sticks to the bottom of the screen while ideas scroll. */
export const SaveSelection = ({ count, saving, onSave, onClear }: TSaveSelectionProps) => {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (count === 0) return setError(KEYWORD_MESSAGES.listEmpty);
    if (count > KEYWORD_LIST_MAX) return setError(KEYWORD_MESSAGES.listTooLong);
    if (!name.trim()) return setError(KEYWORD_MESSAGES.listNameRequired);
    try {
      await onSave(name.trim());
      setName('');
    } catch {
      // the toast said why; the name stays for another try
    }
  };
  return (
    <Card
      withBorder
      shadow="md"
      padding="sm"
      style={{ position: 'sticky', bottom: 12, zIndex: 5 }}
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group gap="sm" wrap="wrap" align="flex-start">
        <Text fw={600} size="sm" mt={8} miw={100}>
          {count} selected
        </Text>
        <TextInput
          aria-label="List name"
          placeholder="Name the list, e.g. Spring campaign"
          value={name}
          maxLength={KEYWORD_LIST_NAME_MAX}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button
          type="submit"
          leftSection={<IconDeviceFloppy size={18} />}
          loading={saving}
          disabled={count === 0}
        >
          Save as list
        </Button>
        <Button variant="subtle" color="gray" onClick={onClear} disabled={count === 0}>
          Clear
        </Button>
      </Group>
    </Card>
  );
};
