import { Badge, Stack, Table, Text } from '@mantine/core';
import type { TPublishAttempt, TScheduleState } from '@sales-assist/contract';
import { dateTime } from './calendar-time';

const OUTCOME_LOOK: Record<NonNullable<TPublishAttempt['outcome']>, { label: string; color: string }> = {
  published: { label: 'Published', color: 'green' },
  found: { label: 'Found on the platform', color: 'green' },
  not_found: { label: 'Not on the platform', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
  paused: { label: 'Paused', color: 'yellow' },
  unknown: { label: 'No answer', color: 'orange' },
  held: { label: 'Held', color: 'orange' },
};

const ACTION_LABELS: Record<TPublishAttempt['action'], string> = {
  publish: 'Publish',
  read_back: 'Check on the platform',
};

/**
 * Said when the log is empty: a post not tried yet waits for its time; one that failed or is held without
 * an attempt never reached the platform (its account was unlinked, its content deleted): the notice above
 * says why.
 */
const emptyLogWords = (status: TScheduleState): string =>
  status === 'failed' || status === 'held'
    ? 'Nothing was sent to the platform: this post failed before its first attempt (the reason is above).'
    : 'No attempts yet. It is published at its time.';

type TItemAttemptsProps = { attempts: TPublishAttempt[]; status: TScheduleState; timeZone: string };

/** The audit log of one post: every call to the platform and every read-back, oldest first, with its outcome. */
export const ItemAttempts = ({ attempts, status, timeZone }: TItemAttemptsProps) => {
  if (attempts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="attempts-empty">
        {emptyLogWords(status)}
      </Text>
    );
  }
  return (
    <Table striped withTableBorder fz="sm" aria-label="Publishing attempts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>When</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th>Outcome</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {attempts.map((attempt) => {
          const look = attempt.outcome ? OUTCOME_LOOK[attempt.outcome] : null;
          return (
            <Table.Tr key={`${attempt.number}-${attempt.action}-${attempt.started_at}`}>
              <Table.Td>{attempt.number}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(attempt.started_at, timeZone)}</Table.Td>
              <Table.Td>{ACTION_LABELS[attempt.action]}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {look ? (
                    <Badge variant="light" color={look.color} size="sm">
                      {look.label}
                    </Badge>
                  ) : (
                    <Badge variant="light" color="blue" size="sm">
                      In progress
                    </Badge>
                  )}
                  {attempt.message && (
                    <Text size="xs" c="dimmed">
                      {attempt.error_kind ? `${attempt.error_kind}: ` : ''}
                      {attempt.message}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
};
