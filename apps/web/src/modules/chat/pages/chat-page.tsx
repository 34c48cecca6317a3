import {
  ActionIcon,
  Box,
  Button,
  Divider,
  Drawer,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CHAT_MESSAGES, NEW_CHAT_TITLE, type TChat } from '@sales-assist/contract';
import { IconLayoutSidebar, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { ChatList } from '../components/chat-list';
import { Composer } from '../components/composer';
import { confirmDeleteChat } from '../components/confirm-delete-chat';
import { Conversation } from '../components/conversation';
import { useChatDetail } from '../hooks/use-chat-detail';
import { CHAT_RESTORE_TIMEOUT_MS, useChatMemory } from '../hooks/use-chat-memory';
import { useCreateChat, useDeleteChat, useRenameChat } from '../hooks/use-chat-mutations';
import { useChatStream } from '../hooks/use-chat-stream';

type TChatRouteState = { newChat?: boolean; restored?: boolean } | null;

/**
 * Sales Assist Chat (/chat, /chat/:id). /chat opens the chat last open (persisted, spec §3) unless "New
 * Chat" was chosen; a chat that cannot be restored within the spec's time-out gives way to New Chat.
 */
export const ChatPage = () => {
  const { id } = useParams();
  const chatId = id ?? null;
  const navigate = useNavigate();
  const location = useLocation();
  const routeState = location.state as TChatRouteState;
  const memory = useChatMemory();
  const detail = useChatDetail(chatId);
  const stream = useChatStream();
  const createChat = useCreateChat();
  const renameChat = useRenameChat();
  const deleteChat = useDeleteChat();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [drawerOpened, { open: openDrawer, close: closeDrawer }] = useDisclosure(false);
  const draftKey = chatId ?? 'new';
  const draft = memory.drafts[draftKey] ?? '';
  const live = stream.live && stream.live.chatId === chatId ? stream.live : null;
  const streaming = live !== null && live.phase !== 'failed';

  // /chat alone goes back to the chat last open.
  const { lastChatId, remember } = memory;
  useEffect(() => {
    if (chatId === null && lastChatId && !routeState?.newChat)
      navigate(`/chat/${lastChatId}`, { replace: true, state: { restored: true } });
  }, [chatId, lastChatId, routeState?.newChat, navigate]);

  // A restored chat that is gone, or does not answer in time, is forgotten: New Chat instead.
  const restoring = routeState?.restored === true && !detail.isSuccess;
  useEffect(() => {
    if (!restoring) return;
    const giveUp = () => {
      remember(null);
      navigate('/chat', { replace: true, state: { newChat: true } });
    };
    if (detail.isError) return giveUp();
    const timer = setTimeout(giveUp, CHAT_RESTORE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [restoring, detail.isError, remember, navigate]);

  useEffect(() => {
    if (chatId && detail.isSuccess) remember(chatId);
  }, [chatId, detail.isSuccess, remember]);

  // An answer still written in a chat the user left (another chat, back, forward) is stopped; the server
  // keeps it, marked stopped. A New Chat gaining its id is not a leave: its answer goes on.
  const { stop } = stream;
  const liveChatId = useRef<string | null>(null);
  liveChatId.current = stream.live?.chatId ?? null;
  const previousChatId = useRef(chatId);
  useEffect(() => {
    const left = previousChatId.current;
    previousChatId.current = chatId;
    if (left !== null && left !== chatId && liveChatId.current === left) stop();
  }, [chatId, stop]);

  /** Spec §2: selecting an item of the side list starts the view afresh (latest messages, box focused). */
  const open = useCallback(
    (target: string | null) => {
      stream.dismiss();
      if (target === null) {
        remember(null);
        navigate('/chat', { state: { newChat: true } });
      } else navigate(`/chat/${target}`);
      closeDrawer();
      requestAnimationFrame(() => inputRef.current?.focus());
    },
    [navigate, remember, stream, closeDrawer],
  );

  const submit = async (text: string) => {
    const content = text.trim();
    if (!content || streaming || createChat.isPending) return;
    memory.setDraft(draftKey, '');
    let target = chatId;
    if (target === null) {
      try {
        target = (await createChat.mutateAsync()).id;
      } catch {
        memory.setDraft('new', text);
        return;
      }
      navigate(`/chat/${target}`, { replace: true });
    }
    const accepted = await stream.send(target, content);
    if (!accepted) memory.setDraft(target, text);
  };

  const rename = (chat: TChat, title: string) => renameChat.mutate({ id: chat.id, title, previous: chat });

  const remove = (chat: TChat) =>
    confirmDeleteChat(chat.title, () =>
      deleteChat.mutate(chat.id, {
        onSuccess: () => {
          if (chat.id === chatId) open(null);
        },
      }),
    );

  const notFound =
    chatId !== null && detail.isError && isApiError(detail.error) && detail.error.status === 404;
  // A chat that could not be read takes no message (it would go nowhere): its view says what to do instead.
  const canWrite = chatId === null || !detail.isError;

  const title =
    chatId === null
      ? NEW_CHAT_TITLE
      : notFound
        ? CHAT_MESSAGES.chatNotFound
        : (detail.data?.chat.title ?? '');
  const chatList = (
    <ChatList
      activeId={chatId}
      onNewChat={() => open(null)}
      onSelect={(chat) => open(chat.id)}
      onRename={rename}
      onDelete={remove}
    />
  );
  return (
    <Paper
      withBorder
      radius="md"
      h="calc(100dvh - 64px - 2 * var(--mantine-spacing-xl))"
      mih={420}
      style={{ display: 'flex', overflow: 'hidden' }}
    >
      <Box
        w={260}
        p="sm"
        visibleFrom="sm"
        style={{ borderRight: '1px solid var(--mantine-color-gray-2)', flexShrink: 0 }}
      >
        <ScrollArea h="100%">{chatList}</ScrollArea>
      </Box>
      <Stack gap={0} flex={1} miw={0}>
        <Group px="md" py="sm" gap="xs" wrap="nowrap">
          {/* On a phone the side list opens as a drawer. */}
          <ActionIcon variant="subtle" color="gray" hiddenFrom="sm" aria-label="Chats" onClick={openDrawer}>
            <IconLayoutSidebar size={18} />
          </ActionIcon>
          <Title order={4} lineClamp={1} data-testid="chat-title">
            {title}
          </Title>
        </Group>
        <Divider />
        {notFound && !restoring ? (
          <Stack flex={1} align="center" justify="center" gap="xs">
            <Text size="sm" c="dimmed">
              It may have been deleted, or its address is wrong.
            </Text>
            <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => open(null)}>
              Start a new chat
            </Button>
          </Stack>
        ) : (
          <Conversation
            messages={detail.data?.messages ?? []}
            live={live}
            loading={chatId !== null && detail.isPending}
            failed={chatId !== null && detail.isError}
            onRetry={() => void detail.refetch()}
            onPickExample={(question) => {
              memory.setDraft(draftKey, question);
              inputRef.current?.focus();
            }}
            onRegenerate={() => chatId && void stream.regenerate(chatId)}
          />
        )}
        {canWrite && (
          <Box p="md" pt="xs" maw={892} w="100%" mx="auto">
            <Composer
              value={draft}
              onChange={(value) => memory.setDraft(draftKey, value)}
              onSend={() => void submit(draft)}
              onStop={stream.stop}
              streaming={streaming || createChat.isPending}
              inputRef={inputRef}
            />
          </Box>
        )}
      </Stack>
      <Drawer opened={drawerOpened} onClose={closeDrawer} title="Chats" size={300} hiddenFrom="sm">
        {chatList}
      </Drawer>
    </Paper>
  );
};
