import { ActionIcon, Badge, Card, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { HISTORY_KIND_LABELS, type THistoryItem } from '@sales-assist/contract';
import { IconBrandLinkedin, IconCopy, IconDots, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useDeleteItem, useDuplicateItem } from '../hooks/use-history-actions';
import { reopenPath } from './reopen-path';

const KIND_COLORS: Record<THistoryItem['kind'], string> = {
  blog_topic: 'cyan',
  blog: 'blue',
  linkedin_post: 'indigo',
  social_post: 'pink',
  google_ad: 'orange',
  keywords: 'grape',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "AI model · gpt-4o-mini" or "Offline writer": who wrote it, never calling the offline writer AI. */
export const writerLabel = (item: Pick<THistoryItem, 'writer' | 'model'>): string =>
  item.writer === 'llm' ? `AI model${item.model ? ` · ${item.model}` : ''}` : 'Offline writer';

const confirmDelete = (item: THistoryItem, onConfirm: () => void) =>
  modals.openConfirmModal({
    title: `Delete this ${HISTORY_KIND_LABELS[item.kind].toLowerCase()}?`,
    centered: true,
    children: (
      <Text size="sm">{`"${item.title || 'Untitled'}" will be deleted. This cannot be undone.`}</Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });

export const HistoryRow = ({ item }: { item: THistoryItem }) => {
  const navigate = useNavigate();
  const duplicate = useDuplicateItem();
  const remove = useDeleteItem();
  const path = reopenPath(item);
  return (
    <Card padding="md" withBorder data-testid="history-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Badge variant="light" color={KIND_COLORS[item.kind]} size="sm" style={{ flexShrink: 0 }}>
              {HISTORY_KIND_LABELS[item.kind]}
            </Badge>
            {item.status !== 'ready' && (
              <Badge variant="outline" color={item.status === 'failed' ? 'red' : 'gray'} size="sm">
                {item.status === 'failed' ? 'Failed' : 'Writing…'}
              </Badge>
            )}
            {item.source_id !== null && (
              <Text size="xs" c="dimmed" lineClamp={1} title={item.source_title ?? undefined}>
                {item.source_title === null
                  ? 'made from a deleted item'
                  : `made from “${item.source_title || 'Untitled'}”`}
              </Text>
            )}
          </Group>
          <Text fw={600} lineClamp={1}>
            {item.title || 'Untitled'}
          </Text>
          {item.excerpt && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {item.excerpt}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {when(item.created_at)} · {writerLabel(item)}
            {item.prompt
              ? ` · Prompt: ${item.prompt.name}${item.prompt.version ? ` (v${item.prompt.version})` : ''}`
              : ''}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Tooltip label={path ? 'Reopen' : 'This kind opens in a later release'} withArrow>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={`Reopen ${item.title}`}
              disabled={!path}
              onClick={() => path && navigate(path)}
            >
              <IconExternalLink size={18} />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`More actions for ${item.title}`}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {item.kind === 'blog' && item.status === 'ready' && (
                <Menu.Item
                  leftSection={<IconBrandLinkedin size={16} />}
                  onClick={() => navigate(`/linkedin?blog=${item.id}`)}
                >
                  Repurpose for LinkedIn
                </Menu.Item>
              )}
              <Menu.Item
                leftSection={<IconCopy size={16} />}
                disabled={item.status !== 'ready' || duplicate.isPending}
                onClick={() => duplicate.mutate(item.id)}
              >
                Duplicate
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => confirmDelete(item, () => remove.mutate(item.id))}
              >
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Card>
  );
};
