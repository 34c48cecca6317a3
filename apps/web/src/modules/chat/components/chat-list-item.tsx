import { ActionIcon, Group, Menu, NavLink, TextInput } from '@mantine/core';
import { CHAT_LIMITS, type TChat } from '@sales-assist/contract';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

type TChatListItemProps = {
  chat: TChat;
  active: boolean;
  onSelect: () => void;
  onRename: (title: string) => void;
  onDelete: () => void;
};

/** A chat in the side list: its title; the menu renames it in place (Enter keeps, Escape cancels) or deletes it. */
export const ChatListItem = ({ chat, active, onSelect, onRename, onDelete }: TChatListItemProps) => {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null) {
    const commit = () => {
      const title = draft.trim();
      setDraft(null);
      if (title && title !== chat.title) onRename(title);
    };
    return (
      <TextInput
        aria-label="Chat title"
        size="xs"
        my={4}
        value={draft}
        maxLength={CHAT_LIMITS.titleChars}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setDraft(null);
        }}
        // Leaving the field without Enter keeps the old title, as Escape does.
        onBlur={() => setDraft(null)}
      />
    );
  }
  return (
    <Group gap={0} wrap="nowrap" className="chat-list-item">
      <NavLink
        component="button"
        type="button"
        label={chat.title}
        active={active}
        aria-current={active ? 'page' : undefined}
        variant="light"
        onClick={onSelect}
        noWrap
        style={{ borderRadius: 'var(--mantine-radius-md)', flex: 1, minWidth: 0 }}
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${chat.title}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setDraft(chat.title)}>
            Rename
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
};
