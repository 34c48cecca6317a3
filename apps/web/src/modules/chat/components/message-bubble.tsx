import { ActionIcon, Badge, Box, CopyButton, Group, Loader, Paper, Text, Tooltip } from '@mantine/core';
import { type TChatMessage, type TChatToolUse, waitingForModelText } from '@sales-assist/contract';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { Markdown } from '../lib/markdown';
import { ToolChips } from './tool-chips';

export const UserBubble = ({ content }: { content: string }) => (
  <Group justify="flex-end" data-testid="user-message">
    <Paper radius="lg" px="md" py="xs" bg="blue.0" maw="80%">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {content}
      </Text>
    </Paper>
  </Group>
);

type TAssistantBubbleProps = {
  content: string;
  tools: TChatToolUse[];
  status: TChatMessage['status'] | 'waiting';
  error?: string | null;
  /** Only on the last answer, when nothing is being written. */
  onRegenerate?: () => void;
  /** While waiting: answers the built-in model writes before this one. */
  ahead?: number | null;
};

/** The wait in words: the built-in model writes one answer at a time. */
const waitingWords = (ahead: number | null | undefined): string =>
  ahead ? waitingForModelText(ahead) : 'Thinking…';

/** An answer on the left: tools used, the Markdown, its mark when it did not end, copy and regenerate. */
export const AssistantBubble = ({
  content,
  tools,
  status,
  error,
  onRegenerate,
  ahead,
}: TAssistantBubbleProps) => {
  const writing = status === 'streaming' || status === 'waiting';
  return (
    <Group
      justify="flex-start"
      align="flex-start"
      wrap="nowrap"
      data-testid="assistant-message"
      data-status={status}
    >
      <Box maw="90%" miw={0}>
        <Paper radius="lg" px="md" py="xs" bg="gray.0">
          <ToolChips tools={tools} />
          {status === 'waiting' && content === '' ? (
            <Group gap="xs" py={4}>
              <Loader size="xs" type="dots" />
              <Text size="sm" c="dimmed" aria-live="polite">
                {waitingWords(ahead)}
              </Text>
            </Group>
          ) : (
            <Markdown text={content} />
          )}
          {writing && content !== '' && <Loader size="xs" type="dots" aria-label="Writing" />}
          {status === 'stopped' && (
            <Badge size="sm" variant="light" color="gray" mt={4}>
              Stopped
            </Badge>
          )}
          {status === 'failed' && (
            <Text size="sm" c="red" mt={4}>
              {`The answer was cut off: ${error ?? 'something went wrong'}`}
            </Text>
          )}
        </Paper>
        {!writing && (
          <Group gap={2} mt={2}>
            <CopyButton value={content} timeout={1500}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy'}>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    size="sm"
                    aria-label={copied ? 'Copied' : 'Copy answer'}
                    onClick={copy}
                    disabled={content === ''}
                  >
                    {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
            {onRegenerate && (
              <Tooltip label="Write this answer again">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label="Regenerate"
                  onClick={onRegenerate}
                >
                  <IconRefresh size={14} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Box>
    </Group>
  );
};
