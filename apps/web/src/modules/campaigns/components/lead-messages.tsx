import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { CONNECTION_NOTE_MAX, FOLLOW_UP_MAX, type TLeadMessages } from '@sales-assist/contract';
import { useState } from 'react';

type TMessageField = keyof TLeadMessages;

const FIELDS: { key: TMessageField; label: string; max: number }[] = [
  { key: 'connection_note', label: 'Connection note', max: CONNECTION_NOTE_MAX },
  { key: 'follow_up_1', label: 'Follow-up message 1', max: FOLLOW_UP_MAX },
  { key: 'follow_up_2', label: 'Follow-up message 2', max: FOLLOW_UP_MAX },
];

const Counter = ({ length, max }: { length: number; max: number }) => (
  <Text size="xs" c={length > max ? 'red' : 'dimmed'} ta="right">
    {length}/{max}
  </Text>
);

/** The three messages as they will be sent; the connection note shows LinkedIn's 300-character limit. */
export const LeadMessagesView = ({ messages }: { messages: TLeadMessages }) => (
  <Stack gap="sm">
    {FIELDS.map(({ key, label, max }) => (
      <Stack gap={4} key={key}>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          {key === 'connection_note' && <Counter length={messages[key].length} max={max} />}
        </Group>
        <Paper withBorder p="sm" radius="md" bg="gray.0">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {messages[key] || '—'}
          </Text>
        </Paper>
      </Stack>
    ))}
  </Stack>
);

type TLeadMessagesEditorProps = {
  messages: TLeadMessages;
  saving: boolean;
  onSave: (changed: Partial<TLeadMessages>) => void;
  onCancel: () => void;
};

/** Edit Message: the three texts in boxes; Save sends only what changed. */
export const LeadMessagesEditor = ({ messages, saving, onSave, onCancel }: TLeadMessagesEditorProps) => {
  const [draft, setDraft] = useState<TLeadMessages>(messages);
  const tooLong = FIELDS.some(({ key, max }) => draft[key].length > max);
  const changed = Object.fromEntries(
    FIELDS.filter(({ key }) => draft[key] !== messages[key]).map(({ key }) => [key, draft[key]]),
  ) as Partial<TLeadMessages>;
  return (
    <Stack gap="sm">
      {FIELDS.map(({ key, label, max }) => (
        <Stack gap={2} key={key}>
          <Textarea
            label={label}
            value={draft[key]}
            autosize
            minRows={key === 'connection_note' ? 4 : 3}
            maxRows={10}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((current) => ({ ...current, [key]: value }));
            }}
            error={draft[key].length > max ? `At most ${max} characters` : undefined}
          />
          {key === 'connection_note' && <Counter length={draft[key].length} max={max} />}
        </Stack>
      ))}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button
          onClick={() => onSave(changed)}
          loading={saving}
          disabled={tooLong || Object.keys(changed).length === 0}
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
};
