import { Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { type TBlogCard, waitingForModelText } from '@sales-assist/contract';
import { IconAlertTriangle, IconEdit, IconTrash } from '@tabler/icons-react';
import { ContentScheduleBadge } from '../../schedule/components/content-schedule-badge';
import { ScheduleButton } from '../../schedule/components/schedule-dialog-button';
import { formatDate, statusBadgeOf } from '../lib/blog-status';
import { WRITER_BADGES } from './writer-notice';

type TBlogCardProps = { blog: TBlogCard; onOpen: (id: number) => void; onDelete: (blog: TBlogCard) => void };

/**
 * A post in the grid: its state (with progress while written, or its place while the built-in model
 * answers others first), title, excerpt, who wrote it, and where it is scheduled or published; a ready
 * post can be scheduled to WordPress from here.
 */
export const BlogCardView = ({ blog, onOpen, onDelete }: TBlogCardProps) => (
  <Card withBorder h="100%" aria-label={blog.title} component="article">
    <Stack gap="xs" h="100%">
      <Group justify="space-between" wrap="nowrap">
        <Badge color={statusBadgeOf(blog).color} variant="light">
          {statusBadgeOf(blog).label}
        </Badge>
        {blog.status !== 'generating' && (
          <Badge color={blog.writer === 'offline' ? 'yellow' : 'indigo'} variant="outline" size="sm">
            {WRITER_BADGES[blog.writer]}
          </Badge>
        )}
      </Group>
      <Text fw={600} lineClamp={2}>
        {blog.title}
      </Text>
      {blog.status === 'generating' && (
        <Stack gap={4}>
          <Progress value={blog.progress} animated aria-label={`Writing: ${blog.progress}%`} />
          <Text size="xs" c="dimmed" aria-live="polite">
            {blog.waiting_for_model
              ? waitingForModelText(blog.waiting_for_model)
              : `Writing… ${blog.progress}%`}
          </Text>
        </Stack>
      )}
      {blog.status === 'failed' && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-red-6)"
            style={{ flexShrink: 0, marginTop: 2 }}
          />
          <Text size="sm" c="red.7">
            {blog.error ?? 'The post could not be written.'}
          </Text>
        </Group>
      )}
      {blog.status === 'ready' && (
        <Text size="sm" c="dimmed" lineClamp={3}>
          {blog.excerpt}
        </Text>
      )}
      {blog.status === 'ready' &&
        blog.review.map((note) => (
          <Text key={note} size="xs" c="orange.8">
            {note}
          </Text>
        ))}
      <Group gap={6}>
        <ContentScheduleBadge contentId={blog.id} />
      </Group>
      <Group justify="space-between" mt="auto" pt="xs">
        <Text size="xs" c="dimmed">
          {formatDate(blog.created_at)}
          {blog.status === 'ready' ? ` · ${blog.word_count.toLocaleString()} words` : ''}
        </Text>
        <Group gap={6}>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Delete ${blog.title}`}
            onClick={() => onDelete(blog)}
          >
            <IconTrash size={16} />
          </Button>
          {blog.status === 'ready' && (
            <ScheduleButton size="xs" content={{ id: blog.id, kind: 'blog', title: blog.title }} />
          )}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEdit size={16} />}
            disabled={blog.status !== 'ready'}
            onClick={() => onOpen(blog.id)}
          >
            Open
          </Button>
        </Group>
      </Group>
    </Stack>
  </Card>
);
