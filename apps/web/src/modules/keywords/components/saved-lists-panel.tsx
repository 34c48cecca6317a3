import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { TKeywordListSummary } from '@sales-assist/contract';
import {
  IconDots,
  IconDownload,
  IconFolderOpen,
  IconListSearch,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { useDeleteKeywordList, useKeywordLists, useUpdateKeywordList } from '../hooks/use-keyword-lists';
import { downloadListCsv } from '../lib/download-list-csv';
import { askNewListName, confirmDeleteList } from './list-actions';

type TSavedListsPanelProps = { onOpen: (list: TKeywordListSummary) => void };

/** The user's saved keyword lists: open, rename, export as CSV, delete. */
export const SavedListsPanel = ({ onOpen }: TSavedListsPanelProps) => {
  const lists = useKeywordLists();
  const rename = useUpdateKeywordList();
  const remove = useDeleteKeywordList();
  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Saved lists</Title>
          {lists.data && lists.data.length > 0 && <Badge variant="default">{lists.data.length}</Badge>}
        </Group>
        {lists.isPending ? (
          <Stack gap="xs">
            <Skeleton h={56} />
            <Skeleton h={56} />
          </Stack>
        ) : lists.isError ? (
          <LoadFailed what="your keyword lists" onRetry={() => void lists.refetch()} />
        ) : lists.data.length === 0 ? (
          <EmptyState
            icon={IconListSearch}
            title="No saved lists yet"
            hint="Select keyword ideas and save them as a list to use them in blog posts and Google Ads."
          />
        ) : (
          <Stack gap={6} role="list" aria-label="Saved keyword lists">
            {lists.data.map((list) => (
              <Group
                key={list.id}
                role="listitem"
                justify="space-between"
                wrap="nowrap"
                p="xs"
                style={{
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 'var(--mantine-radius-md)',
                }}
              >
                <UnstyledButton
                  onClick={() => onOpen(list)}
                  style={{ flex: 1, minWidth: 0 }}
                  aria-label={`Open ${list.name}`}
                >
                  <Text fw={600} size="sm" truncate>
                    {list.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {list.keyword_count} {list.keyword_count === 1 ? 'keyword' : 'keywords'} ·{' '}
                    {list.preview.join(', ')}
                  </Text>
                </UnstyledButton>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${list.name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconFolderOpen size={16} />} onClick={() => onOpen(list)}>
                      Open
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconPencil size={16} />}
                      onClick={() => askNewListName(list, (name) => rename.mutate({ id: list.id, name }))}
                    >
                      Rename
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconDownload size={16} />}
                      onClick={() => void downloadListCsv(list)}
                    >
                      Export CSV
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => confirmDeleteList(list, () => remove.mutate(list.id))}
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
};
