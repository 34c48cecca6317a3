import { ActionIcon, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { LIST_NAME_MAX, type TList } from '@sales-assist/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

type TListNameCellProps = {
  list: TList;
  editing: boolean;
  onRename: (newName: string) => void;
  onDone: () => void;
};

const ListNameEditor = ({ list, onRename, onDone }: Omit<TListNameCellProps, 'editing'>) => {
  const [draft, setDraft] = useState(list.name);
  const input = useRef<HTMLInputElement>(null);
  // The row menu hands focus back to its button ~10 ms after it closes; take it after that.
  useEffect(() => {
    const timer = window.setTimeout(() => input.current?.focus(), 40);
    return () => window.clearTimeout(timer);
  }, []);
  const commit = () => {
    const next = draft.trim();
    if (next && next !== list.name) onRename(next);
    onDone();
  };
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        size="xs"
        aria-label={`New name for ${list.name}`}
        value={draft}
        maxLength={LIST_NAME_MAX}
        ref={input}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            onDone();
          }
        }}
        w={240}
      />
      <Tooltip label="Save (Enter)" withArrow>
        <ActionIcon variant="light" color="teal" aria-label="Save name" onClick={commit}>
          <IconCheck size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Cancel (Esc)" withArrow>
        <ActionIcon variant="subtle" color="gray" aria-label="Cancel rename" onClick={onDone}>
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
};

/** The list's name, or (after "Rename List") a field where Enter saves and Escape cancels. */
export const ListNameCell = ({ list, editing, onRename, onDone }: TListNameCellProps) =>
  editing ? (
    <ListNameEditor list={list} onRename={onRename} onDone={onDone} />
  ) : (
    <Text size="sm" fw={600} lineClamp={1} title={list.name}>
      {list.name}
    </Text>
  );
