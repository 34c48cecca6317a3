import { Alert, Badge, Button, Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CONTENT_TYPE_LABELS, PLATFORM_LABELS, type TScheduleDetailResponse } from '@sales-assist/contract';
import {
  IconAlertTriangle,
  IconClockPause,
  IconExternalLink,
  IconFileText,
  IconHandStop,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../ui/load-failed';
import { reopenPath } from '../../history/components/reopen-path';
import { useRemoveScheduled, useReschedule, useRetryScheduled } from '../hooks/use-schedule-actions';
import { useScheduleItem } from '../hooks/use-schedule-item';
import { canMove, canRetry, isPaused, STATE_LOOK } from './calendar-events';
import { dateTime } from './calendar-time';
import { ItemAttempts } from './item-attempts';
import { ItemMoveForm } from './item-move-form';

type TItemDrawerProps = { id: number | null; timeZone: string; onClose: () => void };

const confirmRemove = (title: string, onConfirm: () => void) =>
  modals.openConfirmModal({
    title: 'Remove from the calendar?',
    centered: true,
    children: (
      <Text size="sm">{`"${title || 'Untitled'}" will not be published. The content itself stays where it is.`}</Text>
    ),
    labels: { confirm: 'Remove', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });

/** Why the post needs the person, in the platform's words. */
const StateNotice = ({ item, timeZone }: { item: TScheduleDetailResponse['data']; timeZone: string }) => {
  if (item.status === 'failed') {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title="Not published">
        {item.failure_reason ?? 'The platform refused this post.'}
      </Alert>
    );
  }
  if (item.status === 'held') {
    return (
      <Alert color="orange" icon={<IconHandStop />} title="Please check the platform">
        {item.failure_reason ??
          'The platform did not say whether it published this post, and it cannot be asked. Look on the platform: retry if it is not there, remove it if it is.'}
      </Alert>
    );
  }
  if (isPaused(item) && item.paused_until) {
    return (
      <Alert
        color="yellow"
        icon={<IconClockPause />}
        title={`Paused until ${dateTime(item.paused_until, timeZone)}`}
      >
        {item.paused_reason ?? 'The platform asked to wait; it is published then.'}
      </Alert>
    );
  }
  return null;
};

/** A calendar item opened: its content, account, state and reason, every attempt, and what can be done. */
export const ItemDrawer = ({ id, timeZone, onClose }: TItemDrawerProps) => {
  const detail = useScheduleItem(id);
  const reschedule = useReschedule();
  const retry = useRetryScheduled();
  const remove = useRemoveScheduled();
  const item = detail.data?.data;
  const contentPath = item ? reopenPath({ id: item.content_id, kind: item.content_kind }) : null;

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title="Scheduled post"
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {detail.isPending ? (
        <Stack gap="sm" aria-label="Loading the post">
          <Skeleton h={28} w="70%" />
          <Skeleton h={18} w="40%" />
          <Skeleton h={120} />
          <Skeleton h={80} />
        </Stack>
      ) : detail.isError || !item ? (
        <LoadFailed what="this post" onRetry={() => void detail.refetch()} />
      ) : (
        <Stack gap="md">
          <Stack gap={6}>
            <Group gap="xs">
              <Badge color={STATE_LOOK[item.status].color} variant="filled">
                {isPaused(item) ? 'Paused' : STATE_LOOK[item.status].label}
              </Badge>
              <Badge variant="light" color="gray">
                {CONTENT_TYPE_LABELS[item.content_kind]}
              </Badge>
            </Group>
            <Title order={4}>{item.title || 'Untitled'}</Title>
            <Text size="sm">
              <b>{PLATFORM_LABELS[item.platform]}</b> · {item.target_name}
              {item.connection_id === null && ' (unlinked)'}
            </Text>
            <Text size="sm" c="dimmed">
              {item.status === 'published' && item.published_at
                ? `Published ${dateTime(item.published_at, timeZone)}`
                : `${dateTime(item.PostedOn, timeZone)}`}{' '}
              ({timeZone})
            </Text>
          </Stack>

          <StateNotice item={item} timeZone={timeZone} />

          <Stack gap={4}>
            <Text fw={600} size="sm">
              Content
            </Text>
            <Text
              size="sm"
              lineClamp={8}
              style={{ whiteSpace: 'pre-wrap' }}
              p="sm"
              bg="var(--mantine-color-gray-0)"
              bd="1px solid var(--mantine-color-gray-3)"
            >
              {item.body || 'No text.'}
            </Text>
            {item.picture && (
              <Text size="xs" c="dimmed">
                With its picture.
              </Text>
            )}
          </Stack>

          <Group gap="sm">
            {canRetry(item) && (
              <Button
                leftSection={<IconRefresh size={16} />}
                loading={retry.isPending}
                onClick={() => retry.mutate(item.ID)}
              >
                Retry
              </Button>
            )}
            {contentPath && (
              <Button
                component={Link}
                to={contentPath}
                variant="light"
                leftSection={<IconFileText size={16} />}
              >
                Open the content
              </Button>
            )}
            {item.url && (
              <Button
                component="a"
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<IconExternalLink size={16} />}
              >
                View on the platform
              </Button>
            )}
            {canMove(item) && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={remove.isPending}
                onClick={() =>
                  confirmRemove(item.title, () => remove.mutate(item.ID, { onSuccess: onClose }))
                }
              >
                Remove
              </Button>
            )}
          </Group>

          {canMove(item) && (
            <ItemMoveForm
              key={item.PostedOn}
              postedOn={item.PostedOn}
              timeZone={timeZone}
              moving={reschedule.isPending}
              onMove={(postedOn) => reschedule.mutate({ id: item.ID, postedOn })}
            />
          )}

          <Stack gap={4}>
            <Text fw={600} size="sm">
              Attempts
            </Text>
            <ItemAttempts attempts={detail.data.attempts} status={item.status} timeZone={timeZone} />
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
};
