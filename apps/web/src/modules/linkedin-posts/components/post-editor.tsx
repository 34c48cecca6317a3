import { Badge, Button, Card, Center, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { LINKEDIN_POST_MAX, type TLinkedinPost } from '@sales-assist/contract';
import { IconCopy, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LoadFailed } from '../../../ui/load-failed';
import { ContentScheduleBadge } from '../../schedule/components/content-schedule-badge';
import { ScheduleButton } from '../../schedule/components/schedule-dialog-button';
import { useLinkedinPost } from '../hooks/use-linkedin-posts';
import { useDeletePost, useSavePost } from '../hooks/use-post-mutations';
import { copyPost } from '../lib/copy-post';
import { CharacterCount } from './character-count';
import { confirmDeletePost } from './confirm-delete-post';
import { WriterBadge } from './writer-badge';

const SOURCE_LABELS: Record<TLinkedinPost['source']['type'], string> = {
  topic: 'Topic',
  blog: 'From the blog post',
  input: 'From the text',
};

const Editor = ({ post, onDeleted }: { post: TLinkedinPost; onDeleted: () => void }) => {
  const [text, setText] = useState(post.text);
  const save = useSavePost();
  const remove = useDeletePost();
  useEffect(() => setText(post.text), [post.text]);
  const count = text.replace(/\r\n/g, '\n').length;
  const invalid = count > LINKEDIN_POST_MAX || text.trim().length === 0;
  const changed = text !== post.text;

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <WriterBadge writer={post.writer} model={post.model} />
            <Badge variant="outline" color="gray" size="sm">
              {post.status}
            </Badge>
            <ContentScheduleBadge contentId={post.id} />
          </Group>
          <Text size="sm" c="dimmed" lineClamp={1} maw={520}>
            {SOURCE_LABELS[post.source.type]}: {post.source.label}
          </Text>
        </Group>
        <Textarea
          aria-label="Post text"
          autosize
          minRows={10}
          maxRows={28}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={
            count > LINKEDIN_POST_MAX
              ? 'LinkedIn takes at most 3,000 characters: shorten the post to save it'
              : null
          }
        />
        <Group justify="space-between" wrap="wrap">
          <CharacterCount count={count} />
          <Group gap="xs">
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} />}
              loading={remove.isPending}
              onClick={() =>
                confirmDeletePost(post.hook, () => remove.mutate(post.id, { onSuccess: onDeleted }))
              }
            >
              Delete
            </Button>
            <Button variant="default" leftSection={<IconCopy size={18} />} onClick={() => copyPost(text)}>
              Copy
            </Button>
            <ScheduleButton
              content={{ id: post.id, kind: 'linkedin_post', title: post.hook }}
              notReady={changed ? 'Save your changes first: the saved post is what is published' : null}
            />
            <Button
              leftSection={<IconDeviceFloppy size={18} />}
              disabled={invalid || !changed}
              loading={save.isPending}
              onClick={() => save.mutate({ id: post.id, text })}
            >
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
};

/** One saved post in an editor with a live character count (Save is off over 3,000); scheduled to LinkedIn from here. */
export const PostEditor = ({ id, onDeleted }: { id: number; onDeleted: () => void }) => {
  const post = useLinkedinPost(id);
  if (post.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the post" />
      </Center>
    );
  }
  if (post.isError || !post.data) return <LoadFailed what="the post" onRetry={() => post.refetch()} />;
  return <Editor post={post.data} onDeleted={onDeleted} />;
};
