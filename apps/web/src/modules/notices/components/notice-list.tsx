import { Box, Button, Group, Loader, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { TNotice } from '@sales-assist/contract';
import {
  IconAlertTriangle,
  IconBellOff,
  IconClockExclamation,
  IconHelpHexagon,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import { noticeTime } from './notice-time';

const KIND_LOOKS: Record<TNotice['kind'], { color: string; icon: typeof IconAlertTriangle }> = {
  publish_failed: { color: 'red', icon: IconAlertTriangle },
  publish_held: { color: 'orange', icon: IconHelpHexagon },
  reconnect: { color: 'orange', icon: IconPlugConnectedX },
  token_expiring: { color: 'yellow', icon: IconClockExclamation },
  payment_failed: { color: 'red', icon: IconAlertTriangle },
};

type TNoticeListProps = {
  notices: TNotice[] | undefined;
  failed: boolean;
  onRetry: () => void;
  /** A notice clicked: it is read, and its link (if any) is opened. */
  onPick: (notice: TNotice) => void;
};

const NoticeRow = ({ notice, onPick }: { notice: TNotice; onPick: (notice: TNotice) => void }) => {
  const look = KIND_LOOKS[notice.kind];
  const Icon = look.icon;
  return (
    <UnstyledButton
      onClick={() => onPick(notice)}
      p="sm"
      aria-label={`${notice.read ? '' : 'Unread: '}${notice.title}`}
      data-testid={`notice-${notice.id}`}
      data-read={notice.read}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: notice.read ? undefined : 'var(--mantine-color-blue-light)',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color={look.color} variant="light" radius="xl" size={30}>
          <Icon size={16} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={notice.read ? 500 : 700} lineClamp={1}>
              {notice.title}
            </Text>
            {!notice.read && (
              <Box w={8} h={8} bg="blue" style={{ borderRadius: '50%', flexShrink: 0 }} aria-hidden="true" />
            )}
          </Group>
          <Text size="xs" c="dimmed" lineClamp={5}>
            {notice.body}
          </Text>
          <Text size="xs" c="dimmed">
            {noticeTime(notice.created_at)}
            {notice.link ? ' · Open' : ''}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
};

/** The bell's list, newest first: what went wrong with publishing and the accounts to reconnect. */
export const NoticeList = ({ notices, failed, onRetry, onPick }: TNoticeListProps) => {
  if (failed && !notices) {
    return (
      <Stack align="center" gap="xs" py="lg">
        <Text size="sm" c="dimmed">
          Could not load your notices.
        </Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (!notices) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Loading your notices" />
      </Group>
    );
  }
  if (notices.length === 0) {
    return (
      <Stack align="center" gap={6} py="lg">
        <IconBellOff size={28} color="var(--mantine-color-gray-5)" />
        <Text size="sm" c="dimmed">
          No notices
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      {notices.map((notice) => (
        <NoticeRow key={notice.id} notice={notice} onPick={onPick} />
      ))}
    </Stack>
  );
};
