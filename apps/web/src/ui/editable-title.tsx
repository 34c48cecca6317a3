import { ActionIcon, Group, TextInput, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';

type TEditableTitleProps = {
  value: string;
  /** Called with the trimmed text when it changed; an empty text is passed on (the owner restores a default). */
  onSave: (title: string) => void;
  label?: string;
  maxLength?: number;
};

/** A title with a pencil: Enter or ✓ saves, Escape or ✕ cancels (like renaming a list). */
export const EditableTitle = ({ value, onSave, label = 'Title', maxLength = 60 }: TEditableTitleProps) => {
  const [draft, setDraft] = useState<string | null>(null);
  const save = () => {
    if (draft === null) return;
    const next = draft.trim();
    setDraft(null);
    if (next !== value) onSave(next);
  };
  if (draft === null) {
    return (
      <Group gap={4} wrap="nowrap" miw={0}>
        <Title order={3} lineClamp={1}>
          {value}
        </Title>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Rename ${label}`}
          onClick={() => setDraft(value)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        aria-label={label}
        value={draft}
        maxLength={maxLength}
        autoFocus
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
          if (event.key === 'Escape') setDraft(null);
        }}
      />
      <ActionIcon variant="subtle" color="teal" aria-label={`Save ${label}`} onClick={save}>
        <IconCheck size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" aria-label="Cancel" onClick={() => setDraft(null)}>
        <IconX size={18} />
      </ActionIcon>
    </Group>
  );
};
