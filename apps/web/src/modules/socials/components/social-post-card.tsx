import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { SOCIAL_NETWORK_LABELS, type TSocialPost } from '@sales-assist/contract';
import {
  IconChevronDown,
  IconCopy,
  IconDeviceFloppy,
  IconDownload,
  IconPhoto,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { confirmDeletePost } from '../../linkedin-posts/components/confirm-delete-post';
import { WriterBadge } from '../../linkedin-posts/components/writer-badge';
import { ContentScheduleBadge } from '../../schedule/components/content-schedule-badge';
import { ScheduleButton } from '../../schedule/components/schedule-dialog-button';
import { useSocialPostActions } from '../hooks/use-social-mutations';
import { useSocialPost } from '../hooks/use-socials';
import { copySocialText, downloadSocialImage } from '../lib/social-post-actions';
import { NetworkPreview } from './network-preview';
import { RegenerateImageModal } from './regenerate-image-modal';
import { fitsNetwork, SocialCharacterCount } from './social-character-count';

type TSocialPostCardProps = {
  post: TSocialPost;
  imageModel: boolean;
  onDeleted?: () => void;
};

/** Why the post cannot be scheduled yet: unsaved text, a picture still being made, Instagram without one. */
const scheduleBlocker = (post: TSocialPost, changed: boolean): string | null => {
  if (changed) return 'Save your changes first: the saved post is what is published';
  if (post.image.status === 'rendering') return 'The picture is still being made';
  if (post.network === 'instagram' && post.image_uri === null) return 'Instagram posts need a picture';
  return null;
};

/**
 * One post: the network's preview beside the editor (a live count against the network's limits), and
 * what to do with it: save, copy the text, download the picture, schedule it to its network's accounts,
 * write the text or make the picture again, delete. The picture's progress is polled while it is made.
 */
export const SocialPostCard = ({ post: initial, imageModel, onDeleted }: TSocialPostCardProps) => {
  const { data: post = initial } = useSocialPost(initial.id, initial);
  const actions = useSocialPostActions(post.id);
  const [text, setText] = useState(post.text);
  const [imageModal, setImageModal] = useState(false);
  // A new text from the server (regenerated) replaces the draft.
  useEffect(() => setText(post.text), [post.text]);
  const label = SOCIAL_NETWORK_LABELS[post.network];
  const changed = text !== post.text;
  const fits = fitsNetwork(post.network, text);
  const busy =
    actions.save.isPending || actions.regenerateText.isPending || actions.regenerateImage.isPending;

  return (
    <Card withBorder padding="lg" radius="lg" data-testid={`social-post-${post.network}`}>
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="xs">
            <Badge size="lg" variant="light">
              {label}
            </Badge>
            <WriterBadge writer={post.writer} model={post.model} />
            <ContentScheduleBadge contentId={post.id} />
            {post.theme && (
              <Text size="xs" c="dimmed">
                Theme: {post.theme}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {post.source.type === 'topic' ? 'Topic' : post.source.type === 'blog' ? 'Blog post' : 'Text'}:{' '}
            {post.source.label}
          </Text>
        </Group>
        {post.image.fit_notes.length > 0 && (
          <Alert variant="light" color="gray" radius="md" title="To fit the picture">
            {post.image.fit_notes.join(' ')}
          </Alert>
        )}
        {post.image.fallback_reason && (
          <Alert variant="light" color="yellow" radius="md">
            {post.image.fallback_reason}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <NetworkPreview post={post} text={text} />
          <Stack gap="xs">
            <Textarea
              label={`${label} text`}
              autosize
              minRows={8}
              maxRows={22}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              disabled={actions.regenerateText.isPending}
            />
            <SocialCharacterCount network={post.network} text={text} />
            <Group gap="xs">
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                disabled={!changed || !fits}
                loading={actions.save.isPending}
                onClick={() => actions.save.mutate(text)}
              >
                Save
              </Button>
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                onClick={() => void copySocialText(post, text)}
              >
                Copy text
              </Button>
              <Tooltip label="The picture is not ready yet" disabled={post.image_uri !== null}>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  disabled={post.image_uri === null}
                  onClick={() => void downloadSocialImage(post)}
                >
                  Download image
                </Button>
              </Tooltip>
              <ScheduleButton
                content={{
                  id: post.id,
                  kind: 'social_post',
                  title: post.text.split('\n')[0] ?? '',
                  network: post.network,
                }}
                notReady={scheduleBlocker(post, changed)}
              />
            </Group>
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} />}
                loading={actions.regenerateText.isPending}
                disabled={busy && !actions.regenerateText.isPending}
                onClick={() => actions.regenerateText.mutate()}
              >
                Regenerate text
              </Button>
              <Menu position="bottom-start">
                <Menu.Target>
                  <Button
                    variant="light"
                    leftSection={<IconPhoto size={16} />}
                    rightSection={<IconChevronDown size={14} />}
                    loading={actions.regenerateImage.isPending}
                    disabled={post.image.status === 'rendering'}
                  >
                    Regenerate image
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => actions.regenerateImage.mutate({})}>The same way again</Menu.Item>
                  <Menu.Item onClick={() => setImageModal(true)}>Another theme or source…</Menu.Item>
                </Menu.Dropdown>
              </Menu>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={actions.remove.isPending}
                onClick={() =>
                  confirmDeletePost(post.text.split('\n')[0] ?? '', () =>
                    actions.remove.mutate(undefined, { onSuccess: () => onDeleted?.() }),
                  )
                }
                ml="auto"
              >
                Delete
              </Button>
            </Group>
          </Stack>
        </SimpleGrid>
      </Stack>
      {imageModal && (
        <RegenerateImageModal
          post={post}
          opened={imageModal}
          imageModel={imageModel}
          busy={actions.regenerateImage.isPending}
          onClose={() => setImageModal(false)}
          onSubmit={(request) =>
            actions.regenerateImage.mutate(request, { onSuccess: () => setImageModal(false) })
          }
        />
      )}
    </Card>
  );
};
