import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { NEW_CHAT_TITLE, type TChat } from '@sales-assist/contract';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useChats } from '../hooks/use-chats';
import { ChatListItem } from './chat-list-item';

type TChatListProps = {
  activeId: string | null;
  onNewChat: () => void;
  onSelect: (chat: TChat) => void;
  onRename: (chat: TChat, title: string) => void;
  onDelete: (chat: TChat) => void;
};

/** Spec §2: the chat section's side list — "New Chat", then the chats by title, newest first. */
export const ChatList = ({ activeId, onNewChat, onSelect, onRename, onDelete }: TChatListProps) => {
  const chats = useChats();
  const items = chats.data?.pages.flatMap((page) => page.chats) ?? [];
  return (
    <Stack gap={4} component="nav" aria-label="Chats">
      <Button
        leftSection={<IconPlus size={16} />}
        variant={activeId === null ? 'filled' : 'light'}
        onClick={onNewChat}
        mb="xs"
      >
        {NEW_CHAT_TITLE}
      </Button>
      {chats.isPending &&
        [0, 1, 2, 3].map((row) => <Skeleton key={row} h={32} radius="md" data-testid="chat-list-loading" />)}
      {chats.isError && (
        <Stack gap={4} align="flex-start" px="xs">
          <Text size="sm" c="red">
            Could not load your chats
          </Text>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void chats.refetch()}
          >
            Try again
          </Button>
        </Stack>
      )}
      {chats.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed" px="xs">
          No chats yet
        </Text>
      )}
      {items.map((chat) => (
        <ChatListItem
          key={chat.id}
          chat={chat}
          active={chat.id === activeId}
          onSelect={() => onSelect(chat)}
          onRename={(title) => onRename(chat, title)}
          onDelete={() => onDelete(chat)}
        />
      ))}
      {chats.hasNextPage && (
        <Button
          size="xs"
          variant="subtle"
          loading={chats.isFetchingNextPage}
          onClick={() => void chats.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </Stack>
  );
};
