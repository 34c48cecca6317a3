import { Avatar, Box, Card, Group, Stack, Text } from '@mantine/core';
import type { TSocialPost } from '@sales-assist/contract';
import {
  IconBookmark,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconHeart,
  IconMessageCircle,
  IconRepeat,
  IconSend,
  IconShare3,
  IconThumbUp,
  IconWorld,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../../app/session/session-store';
import { SocialPicture } from './social-picture';

type TNetworkPreviewProps = {
  post: Pick<TSocialPost, 'id' | 'network' | 'image' | 'image_uri'>;
  /** The text as it is being edited. */
  text: string;
};

/** Where each network folds a long text behind "See more" (roughly, as their feeds show it). */
const FOLD = { facebook: 480, instagram: 125, linkedin: 210 } as const;

/** The text as the network first shows it, with its own "see more" to unfold the rest. */
const FoldedText = ({ text, network }: { text: string; network: TSocialPost['network'] }) => {
  const [open, setOpen] = useState(false);
  const fold = FOLD[network];
  const folded = !open && text.length > fold;
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {folded ? `${text.slice(0, fold).trimEnd()}… ` : text}
      {folded && (
        <Text span size="sm" c="dimmed" fw={600} style={{ cursor: 'pointer' }} onClick={() => setOpen(true)}>
          {network === 'linkedin' ? 'see more' : network === 'instagram' ? 'more' : 'See more'}
        </Text>
      )}
    </Text>
  );
};

const Action = ({ icon: IconComponent, label }: { icon: typeof IconThumbUp; label: string }) => (
  <Group gap={4} c="dimmed">
    <IconComponent size={18} aria-hidden />
    <Text size="xs" fw={600}>
      {label}
    </Text>
  </Group>
);

/**
 * The post as its network shows it in the feed: a Facebook post card, an Instagram square with its
 * caption, a LinkedIn post. A preview only: the networks' own fonts and chrome differ a little.
 */
export const NetworkPreview = ({ post, text }: TNetworkPreviewProps) => {
  const session = useSession();
  const company = session?.companyName || 'Your company';
  const initial = company.charAt(0).toUpperCase();
  const handle = company.toLowerCase().replace(/[^a-z0-9]+/g, '');

  if (post.network === 'instagram') {
    return (
      <Card padding={0} withBorder radius="md" maw={420} w="100%" aria-label="Instagram preview">
        <Group gap="xs" p="sm">
          <Avatar size={32} radius="xl" color="pink">
            {initial}
          </Avatar>
          <Text size="sm" fw={700}>
            {handle || 'yourcompany'}
          </Text>
          <IconBrandInstagram size={18} style={{ marginLeft: 'auto' }} aria-hidden />
        </Group>
        <SocialPicture post={post} ratio={1} />
        <Group gap="md" p="sm" pb={4}>
          <IconHeart size={22} aria-hidden />
          <IconMessageCircle size={22} aria-hidden />
          <IconSend size={22} aria-hidden />
          <IconBookmark size={22} style={{ marginLeft: 'auto' }} aria-hidden />
        </Group>
        <Box px="sm" pb="sm">
          <Text size="sm" span fw={700}>
            {handle || 'yourcompany'}{' '}
          </Text>
          <FoldedText text={text} network="instagram" />
        </Box>
      </Card>
    );
  }

  const linkedin = post.network === 'linkedin';
  return (
    <Card
      padding={0}
      withBorder
      radius="md"
      maw={520}
      w="100%"
      aria-label={linkedin ? 'LinkedIn preview' : 'Facebook preview'}
    >
      <Group gap="xs" p="sm" wrap="nowrap">
        <Avatar size={40} radius={linkedin ? 'sm' : 'xl'} color={linkedin ? 'blue' : 'indigo'}>
          {initial}
        </Avatar>
        <Stack gap={0}>
          <Text size="sm" fw={700}>
            {company}
          </Text>
          <Group gap={4} c="dimmed">
            <Text size="xs">{linkedin ? 'Company page · Now' : 'Just now ·'}</Text>
            {!linkedin && <IconWorld size={12} aria-hidden />}
          </Group>
        </Stack>
        {linkedin ? (
          <IconBrandLinkedin size={20} style={{ marginLeft: 'auto' }} aria-hidden />
        ) : (
          <IconBrandFacebook size={20} style={{ marginLeft: 'auto' }} aria-hidden />
        )}
      </Group>
      <Box px="sm" pb="sm">
        <FoldedText text={text} network={post.network} />
      </Box>
      <SocialPicture post={post} />
      <Group justify="space-around" p="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        {linkedin ? (
          <>
            <Action icon={IconThumbUp} label="Like" />
            <Action icon={IconMessageCircle} label="Comment" />
            <Action icon={IconRepeat} label="Repost" />
            <Action icon={IconSend} label="Send" />
          </>
        ) : (
          <>
            <Action icon={IconThumbUp} label="Like" />
            <Action icon={IconMessageCircle} label="Comment" />
            <Action icon={IconShare3} label="Share" />
          </>
        )}
      </Group>
    </Card>
  );
};
