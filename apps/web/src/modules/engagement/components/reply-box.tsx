import { Badge, Button, Group, Stack, Textarea } from '@mantine/core';
import { ENGAGEMENT_LIMITS } from '@sales-assist/contract';
import { IconSend, IconSparkles } from '@tabler/icons-react';
import { type RefObject, useState } from 'react';
import { useReply, useSuggestReply } from '../hooks/use-thread-actions';

type TReplyBoxProps = { threadId: number; inputRef: RefObject<HTMLTextAreaElement | null> };

/**
 * The reply box (keyed by the thread, so another thread opens with its own empty box): write or ask for a suggestion, then Send (or Ctrl+Enter); the text stays if sending fails.
 */
export const ReplyBox = ({ threadId, inputRef }: TReplyBoxProps) => {
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<'model' | 'draft' | null>(null);
  const reply = useReply();
  const suggest = useSuggestReply();

  const send = () => {
    const body = text.trim();
    if (!body || reply.isPending) return;
    reply.mutate(
      { id: threadId, text: body },
      {
        onSuccess: () => {
          setText('');
          setDraft(null);
        },
      },
    );
  };
  const askSuggestion = () =>
    suggest.mutate(threadId, {
      onSuccess: (answer) => {
        setText(answer.text);
        setDraft(answer.source);
        inputRef.current?.focus();
      },
    });

  return (
    <Stack gap="xs">
      <Textarea
        ref={inputRef}
        aria-label="Reply"
        placeholder="Write a reply… (r to focus, Ctrl+Enter to send)"
        rows={4}
        resize="vertical"
        maxLength={ENGAGEMENT_LIMITS.replyChars}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            send();
          }
          if (event.key === 'Escape') event.currentTarget.blur();
        }}
      />
      <Group justify="space-between">
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconSparkles size={16} />}
            onClick={askSuggestion}
            loading={suggest.isPending}
          >
            Suggest a reply
          </Button>
          {draft === 'draft' && (
            <Badge variant="light" color="yellow">
              Draft from the lead’s own words: edit before sending
            </Badge>
          )}
          {draft === 'model' && (
            <Badge variant="light" color="grape">
              Suggested by AI: check before sending
            </Badge>
          )}
        </Group>
        <Button
          leftSection={<IconSend size={16} />}
          onClick={send}
          loading={reply.isPending}
          disabled={!text.trim()}
        >
          Send
        </Button>
      </Group>
    </Stack>
  );
};
