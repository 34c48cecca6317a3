import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Text } from '@mantine/core';
import type { TNotice } from '@sales-assist/contract';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotices, useReadNotices } from '../hooks/use-notices';
import { NoticeList } from './notice-list';

/**
 * The top bar's bell: how many notices are unread, and the list of them. A notice is read when it is
 * clicked (which opens what it is about), or all at once.
 */
export const NoticesBell = () => {
  const [opened, setOpened] = useState(false);
  const notices = useNotices();
  const read = useReadNotices();
  const navigate = useNavigate();
  const unread = notices.data?.pages[0]?.unread ?? 0;
  const list = notices.data?.pages.flatMap((page) => page.data);

  const pick = (notice: TNotice) => {
    if (!notice.read) read.mutate({ ids: [notice.id] });
    if (notice.link) {
      setOpened(false);
      navigate(notice.link);
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <Indicator
          label={unread > 99 ? '99+' : unread}
          disabled={unread === 0}
          size={18}
          offset={6}
          color="red"
          data-testid="notices-count"
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={unread > 0 ? `Notices (${unread} unread)` : 'Notices'}
            onClick={() => {
              // Opening the bell looks again at once rather than waiting for the next minute.
              if (!opened) void notices.refetch();
              setOpened((current) => !current);
            }}
          >
            <IconBell size={22} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label="Notices">
        <Group justify="space-between" px="xs" pb="xs">
          <Text fw={600}>Notices</Text>
          {unread > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={read.isPending}
              onClick={() => read.mutate({})}
            >
              Mark all as read
            </Button>
          )}
        </Group>
        <ScrollArea.Autosize mah={420} type="auto">
          <NoticeList
            notices={list}
            failed={notices.isError}
            onRetry={() => void notices.refetch()}
            onPick={pick}
          />
          {notices.hasNextPage && (
            <Group justify="center" pt="xs">
              <Button
                size="compact-xs"
                variant="subtle"
                loading={notices.isFetchingNextPage}
                onClick={() => void notices.fetchNextPage()}
              >
                Show older notices
              </Button>
            </Group>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
};
