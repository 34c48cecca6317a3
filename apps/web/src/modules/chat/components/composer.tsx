import { ActionIcon, Group, Paper, Text, Textarea, Tooltip } from '@mantine/core';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@sales-assist/contract';
import { IconArrowUp, IconPlayerStopFilled } from '@tabler/icons-react';
import type { RefObject } from 'react';

/** The counter shows from this share of the limit on, so it is there before the limit bites. */
const COUNTER_FROM = 0.8;

type TComposerProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
};

/** Enter sends, Shift+Enter starts a new line; while an answer is written the button stops it. */
export const Composer = ({ value, onChange, onSend, onStop, streaming, inputRef }: TComposerProps) => {
  const length = value.trim().length;
  const tooLong = value.trim().length > CHAT_LIMITS.messageChars;
  const canSend = length > 0 && !tooLong && !streaming;
  const showCounter = value.length >= CHAT_LIMITS.messageChars * COUNTER_FROM;
  return (
    <Paper withBorder radius="lg" p="xs" shadow="xs">
      <Textarea
        ref={inputRef}
        aria-label="Message"
        placeholder="Ask about your campaigns, leads or content…"
        autosize
        minRows={1}
        maxRows={8}
        variant="unstyled"
        px="xs"
        value={value}
        error={tooLong ? CHAT_MESSAGES.messageTooLong : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          if (canSend) onSend();
        }}
      />
      <Group justify="space-between" mt={4} px="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          Enter to send, Shift+Enter for a new line
        </Text>
        <Group gap="xs" wrap="nowrap">
          {showCounter && (
            <Text size="xs" c={tooLong ? 'red' : 'dimmed'} data-testid="message-counter">
              {`${value.trim().length.toLocaleString('en-US')} / ${CHAT_LIMITS.messageChars.toLocaleString('en-US')}`}
            </Text>
          )}
          {streaming ? (
            <Tooltip label="Stop the answer">
              <ActionIcon size="lg" radius="xl" color="red" aria-label="Stop" onClick={onStop}>
                <IconPlayerStopFilled size={16} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <ActionIcon size="lg" radius="xl" aria-label="Send" disabled={!canSend} onClick={onSend}>
              <IconArrowUp size={18} />
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Paper>
  );
};
