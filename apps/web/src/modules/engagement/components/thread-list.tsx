import { Avatar, Badge, Box, Group, Indicator, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { LEAD_LABEL_NAMES, type TThreadSummary } from '@sales-assist/contract';
import { LABEL_COLOR } from '../lib/label-look';
import { shortWhen } from '../lib/when';

type TThreadListProps = {
  threads: TThreadSummary[];
  selectedId: number | null;
  onSelect: (id: number) => void;
};

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

/** One row: who, where from, the last message's opening words, when, and what is unread or labelled. */
const ThreadRow = ({
  thread,
  selected,
  onSelect,
}: {
  thread: TThreadSummary;
  selected: boolean;
  onSelect: () => void;
}) => {
  const unread = thread.unread_count > 0;
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      aria-label={`Conversation with ${thread.lead.name}${unread ? `, ${thread.unread_count} unread` : ''}`}
      data-thread-id={thread.id}
      p="sm"
      style={{
        display: 'block',
        width: '100%',
        borderRadius: 'var(--mantine-radius-md)',
        background: selected ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Indicator disabled={!unread} color="blue" size={10} offset={4} aria-hidden>
          <Avatar src={thread.lead.profile_image_url} radius="xl" size={40} alt="">
            {initialsOf(thread.lead.name)}
          </Avatar>
        </Indicator>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={unread ? 700 : 600} size="sm" truncate>
              {thread.lead.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {shortWhen(thread.last_message.sent_at)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {[thread.lead.company, thread.campaign.name, thread.account?.name].filter(Boolean).join(' · ')}
          </Text>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={2}>
            <Text size="sm" c={unread ? undefined : 'dimmed'} fw={unread ? 600 : 400} truncate>
              {thread.last_message.from === 'me' ? 'You: ' : ''}
              {thread.last_message.text}
            </Text>
            {thread.label && (
              <Badge size="xs" variant="light" color={LABEL_COLOR[thread.label]} style={{ flexShrink: 0 }}>
                {LEAD_LABEL_NAMES[thread.label]}
              </Badge>
            )}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
};

/** The inbox's threads, newest first; the selected one is marked for screen readers too. */
export const ThreadList = ({ threads, selectedId, onSelect }: TThreadListProps) => (
  <Stack component="ul" gap={2} aria-label="Conversations" p={0} m={0} style={{ listStyle: 'none' }}>
    {threads.map((thread) => (
      <li key={thread.id}>
        <ThreadRow thread={thread} selected={thread.id === selectedId} onSelect={() => onSelect(thread.id)} />
      </li>
    ))}
  </Stack>
);

/** The list's shape while the first page loads. */
export const ThreadListSkeleton = () => (
  <Stack gap="md" p="sm" aria-label="Loading conversations" role="status">
    {[0, 1, 2, 3, 4].map((row) => (
      <Group key={row} wrap="nowrap" gap="sm">
        <Skeleton circle height={40} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={10} width="50%" />
          <Skeleton height={8} width="80%" />
          <Skeleton height={8} width="65%" />
        </Stack>
      </Group>
    ))}
  </Stack>
);
