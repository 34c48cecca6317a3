import { Center, Image, Loader, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TSocialPost } from '@sales-assist/contract';
import { IconPhotoOff } from '@tabler/icons-react';
import { useApiPicture } from '../../../app/api/use-api-picture';
import { SOCIALS_KEY } from '../hooks/socials-keys';

type TSocialPictureProps = {
  post: Pick<TSocialPost, 'id' | 'image' | 'image_uri' | 'network'>;
  /** CSS aspect ratio of the frame (Instagram square: 1); the picture's own by default. */
  ratio?: number;
};

/**
 * The post's picture as its network shows it: being made (a spinner in the frame), failed (the reason),
 * or the picture fetched with the session's token (image_uri carries its version, so a new picture is
 * fetched anew and an old one stays cached). The whole picture always shows, letterboxed in a frame of
 * another shape: these pictures are mostly text (an infographic), and a cropped edge cuts its lines.
 */
export const SocialPicture = ({ post, ratio }: TSocialPictureProps) => {
  const picture = useApiPicture(post.image.status === 'ready' ? post.image_uri : null, {
    queryKey: [...SOCIALS_KEY, 'picture', post.id, post.image.version],
  });
  const frame = {
    style: {
      aspectRatio: String(
        ratio ?? (post.image.width && post.image.height ? post.image.width / post.image.height : 1),
      ),
    },
  };
  if (post.image.status === 'rendering') {
    return (
      <Center bg="gray.1" {...frame} aria-live="polite">
        <Stack align="center" gap={6}>
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Making the picture…
          </Text>
        </Stack>
      </Center>
    );
  }
  if (post.image.status === 'failed' || picture.isError) {
    return (
      <Center bg="gray.0" {...frame} p="md">
        <Stack align="center" gap={6} ta="center">
          <ThemeIcon variant="light" color="gray" size="xl" radius="xl">
            <IconPhotoOff size={22} />
          </ThemeIcon>
          <Text size="sm" c="dimmed" role="alert">
            {post.image.error ?? 'The picture could not be loaded'}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (picture.isLoading || !picture.url) return <Skeleton {...frame} radius={0} />;
  return (
    <Image
      src={picture.url}
      alt={`Picture of the ${post.network} post`}
      fit="contain"
      bg="gray.1"
      {...frame}
      data-testid="social-picture"
    />
  );
};
