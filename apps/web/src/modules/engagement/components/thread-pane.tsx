import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { LEAD_LABEL_NAMES, LEAD_LABEL_VALUES, type TThreadDetail } from '@sales-assist/contract';
import { IconExternalLink } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef } from 'react';
import { useLabelLead } from '../hooks/use-thread-actions';
import { LABEL_COLOR } from '../lib/label-look';
import { fullWhen } from '../lib/when';
import { ReplyBox } from './reply-box';

const ORIGIN_NOTE = { engine: 'Campaign follow-up', inbox: 'Sent from the inbox', linkedin: null } as const;

/** The thread's messages as bubbles: theirs on the left, ours on the right. */
const Messages = ({ thread }: { thread: TThreadDetail }) => {
  const end = useRef<HTMLDivElement>(null);
  const count = thread.messages.length;
  // The newest message in view when the thread opens and when one arrives.
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);
  return (
    <Stack gap="sm" aria-label="Messages" role="log">
      {thread.messages.map((message) => {
        const mine = message.from === 'me';
        const note = mine ? ORIGIN_NOTE[message.origin] : null;
        return (
          <Group key={message.id} justify={mine ? 'flex-end' : 'flex-start'}>
            <Paper
              p="sm"
              radius="lg"
              maw="80%"
              bg={mine ? 'blue.6' : 'gray.1'}
              c={mine ? 'white' : undefined}
              title={fullWhen(message.sent_at)}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.text}
              </Text>
              <Text size="xs" mt={4} c={mine ? 'blue.1' : 'dimmed'}>
                {fullWhen(message.sent_at)}
                {note ? ` · ${note}` : ''}
              </Text>
            </Paper>
          </Group>
        );
      })}
      <div ref={end} />
    </Stack>
  );
};

/** Where the lead's campaign sequence stands, and the label buttons. */
const LeadSide = ({ thread }: { thread: TThreadDetail }) => {
  const label = useLabelLead();
  const { sequence } = thread;
  return (
    <Card withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Sequence:
          </Text>
          <Badge variant="light" color={sequence.ended ? 'green' : 'cyan'}>
            {sequence.status}
          </Badge>
          <Text size="xs" c="dimmed">
            Campaign {thread.campaign.name} · {sequence.campaign_status}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {sequence.next_step
            ? `Next: ${sequence.next_step.label}, ${fullWhen(sequence.next_step.due_at)}`
            : sequence.ended
              ? `The sequence has ended${sequence.reason ? `: ${sequence.reason}` : ''}`
              : 'No step is waiting (the campaign is paused)'}
        </Text>
        <Group gap="xs" role="group" aria-label="Label">
          {LEAD_LABEL_VALUES.map((value) => {
            const on = thread.label === value;
            return (
              <Button
                key={value}
                size="compact-sm"
                radius="xl"
                variant={on ? 'filled' : 'default'}
                color={LABEL_COLOR[value]}
                aria-pressed={on}
                loading={label.isPending && label.variables?.label === (on ? null : value)}
                onClick={() => label.mutate({ id: thread.id, label: on ? null : value })}
              >
                {LEAD_LABEL_NAMES[value]}
              </Button>
            );
          })}
        </Group>
      </Stack>
    </Card>
  );
};

type TThreadPaneProps = { thread: TThreadDetail; replyRef: RefObject<HTMLTextAreaElement | null> };

/** The open thread: who, the sequence and labels, the messages, the reply box. */
export const ThreadPane = ({ thread, replyRef }: TThreadPaneProps) => (
  <Stack gap="sm" h="100%">
    <Group justify="space-between" wrap="nowrap">
      <Box style={{ minWidth: 0 }}>
        <Title order={3} size="h4">
          {thread.lead.name}
        </Title>
        <Text size="sm" c="dimmed" truncate>
          {thread.lead.headline || thread.lead.company}
        </Text>
      </Box>
      <Anchor href={thread.lead.linkedin_url} target="_blank" rel="noreferrer" size="sm">
        <Group gap={4} wrap="nowrap">
          LinkedIn profile <IconExternalLink size={14} />
        </Group>
      </Anchor>
    </Group>
    <LeadSide thread={thread} />
    <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
      <Messages thread={thread} />
    </ScrollArea.Autosize>
    <ReplyBox key={thread.id} threadId={thread.id} inputRef={replyRef} />
  </Stack>
);

export const ThreadPaneSkeleton = () => (
  <Stack gap="sm" role="status" aria-label="Loading conversation">
    <Skeleton height={22} width="40%" />
    <Skeleton height={70} />
    <Skeleton height={48} width="60%" />
    <Skeleton height={48} width="55%" ml="auto" />
    <Skeleton height={90} />
  </Stack>
);
