import { Box, Button, Center, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import type { TChatMessage } from '@sales-assist/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { TLiveAnswer } from '../hooks/use-chat-stream';
import { ChatEmptyState } from './chat-empty-state';
import { AssistantBubble, UserBubble } from './message-bubble';

type TConversationProps = {
  messages: TChatMessage[];
  live: TLiveAnswer | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onPickExample: (question: string) => void;
  onRegenerate: () => void;
};

/** Scrolls with the answer only while the reader is at the bottom, so reading back is not interrupted. */
const STICK_PX = 120;

/** The messages (the user's on the right, answers on the left) and the answer being written under them. */
export const Conversation = ({
  messages,
  live,
  loading,
  failed,
  onRetry,
  onPickExample,
  onRegenerate,
}: TConversationProps) => {
  const viewport = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const liveText = live?.text ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows every change of what is shown
  useEffect(() => {
    const element = viewport.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [messages, liveText, live?.phase, live?.tools.length]);

  if (loading) {
    return (
      <Center flex={1} data-testid="chat-loading">
        <Loader />
      </Center>
    );
  }
  if (failed) {
    return (
      <Center flex={1}>
        <Stack align="center" gap="xs">
          <Text fw={600}>Could not load this chat</Text>
          <Text c="dimmed" size="sm">
            Check your connection and try again.
          </Text>
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  // While an answer is written, its row saved as "streaming" (read by a refetch) shows as the live answer only.
  const shown = live ? messages.filter((message) => message.status !== 'streaming') : messages;
  if (shown.length === 0 && !live) {
    return (
      <ScrollArea flex={1}>
        <ChatEmptyState onPick={onPickExample} />
      </ScrollArea>
    );
  }
  const lastAnswer = shown.at(-1)?.role === 'assistant' ? shown.length - 1 : -1;
  return (
    <ScrollArea
      flex={1}
      viewportRef={viewport}
      onScrollPositionChange={({ y }) => {
        const element = viewport.current;
        if (element) atBottom.current = element.scrollHeight - element.clientHeight - y < STICK_PX;
      }}
    >
      <Stack gap="md" p="md" maw={860} mx="auto" data-testid="messages">
        {shown.map((message, index) =>
          message.role === 'user' ? (
            <UserBubble key={message.id} content={message.content} />
          ) : (
            <AssistantBubble
              key={message.id}
              content={message.content}
              tools={message.tools}
              status={message.status}
              error={message.error}
              onRegenerate={index === lastAnswer && !live ? onRegenerate : undefined}
            />
          ),
        )}
        {live && (
          <AssistantBubble
            content={live.text}
            tools={live.tools}
            status={live.phase === 'failed' ? 'failed' : live.phase === 'waiting' ? 'waiting' : 'streaming'}
            error={live.error}
            ahead={live.ahead}
          />
        )}
        <Box h={1} />
      </Stack>
    </ScrollArea>
  );
};
