import { Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { KEYWORD_LIST_NAME_MAX } from '@sales-assist/contract';
import { useState } from 'react';

/** Asks before a list goes. */
export const confirmDeleteList = (list: { name: string }, onConfirm: () => void): void => {
  modals.openConfirmModal({
    title: `Delete "${list.name}"?`,
    centered: true,
    children: <Text size="sm">The list and its keywords will be deleted. This cannot be undone.</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
};

const RenameField = ({ initial, onChange }: { initial: string; onChange: (name: string) => void }) => {
  const [name, setName] = useState(initial);
  return (
    <TextInput
      label="List name"
      data-autofocus
      value={name}
      maxLength={KEYWORD_LIST_NAME_MAX}
      onChange={(event) => {
        setName(event.currentTarget.value);
        onChange(event.currentTarget.value);
      }}
    />
  );
};

/** A small dialog for a list's new name; an empty or unchanged name changes nothing. */
export const askNewListName = (list: { name: string }, onRename: (name: string) => void): void => {
  let name = list.name;
  modals.openConfirmModal({
    title: 'Rename list',
    centered: true,
    children: <RenameField initial={list.name} onChange={(value) => (name = value)} />,
    labels: { confirm: 'Rename', cancel: 'Cancel' },
    onConfirm: () => {
      const trimmed = name.trim();
      if (trimmed && trimmed !== list.name) onRename(trimmed);
    },
  });
};
