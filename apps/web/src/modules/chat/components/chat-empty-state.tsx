import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';

export const EXAMPLE_QUESTIONS = [
  'How is my latest campaign doing?',
  'How many leads are in my lists?',
  'Draft a LinkedIn post about …',
] as const;

/** A chat with no message yet: what the chat knows, and questions to start from (they fill the box). */
export const ChatEmptyState = ({ onPick }: { onPick: (question: string) => void }) => (
  <Stack align="center" gap="sm" py={48} ta="center">
    <ThemeIcon size={64} radius="xl" variant="light" color="violet">
      <IconMessageChatbot size={34} stroke={1.5} />
    </ThemeIcon>
    <Title order={3}>Ask Sales Assist</Title>
    <Text c="dimmed" size="sm" maw={460}>
      It reads your brand profile, lead lists, campaigns and recent content, and can draft posts and messages
      for you.
    </Text>
    <Stack gap="xs" mt="xs">
      {EXAMPLE_QUESTIONS.map((question) => (
        <Button key={question} variant="default" radius="xl" onClick={() => onPick(question)}>
          {question}
        </Button>
      ))}
    </Stack>
  </Stack>
);
