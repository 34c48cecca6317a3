import {
  ActionIcon,
  Card,
  Center,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import type { TDesignAsset } from '@sales-assist/contract';
import { IconTrash, IconTypography } from '@tabler/icons-react';
import { useApiPicture } from '../../../app/api/use-api-picture';

const kilobytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const Thumbnail = ({ asset }: { asset: TDesignAsset }) => {
  const picture = useApiPicture(asset.thumbnail_uri, {
    queryKey: ['admin', 'design-asset-thumbnail', asset.id],
  });
  if (!asset.thumbnail_uri)
    return (
      <Center h={140} bg="gray.0">
        <Stack align="center" gap={4}>
          <ThemeIcon variant="light" color="indigo" size={48} radius="xl">
            <IconTypography size={26} />
          </ThemeIcon>
          <Text size="sm" fw={600}>
            {asset.font_family}
          </Text>
        </Stack>
      </Center>
    );
  if (picture.isLoading) return <Skeleton h={140} radius={0} />;
  if (!picture.url)
    return (
      <Center h={140} bg="gray.0">
        <Text size="sm" c="dimmed">
          No thumbnail
        </Text>
      </Center>
    );
  return <Image src={picture.url} alt={asset.name} h={140} fit="contain" bg="gray.0" />;
};

/** An uploaded asset: thumbnail (or font name), size, the themes using it, delete. */
export const AssetCard = ({ asset, onDelete }: { asset: TDesignAsset; onDelete: () => void }) => {
  const used = asset.used_by.length > 0;
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={asset.name}>
      <Card.Section>
        <Thumbnail asset={asset} />
      </Card.Section>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mt="sm">
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate="end">
            {asset.name}
          </Text>
          <Text size="xs" c="dimmed">
            {asset.width ? `${asset.width} × ${asset.height} · ` : ''}
            {kilobytes(asset.size_bytes)}
          </Text>
          <Text size="xs" c={used ? 'teal' : 'dimmed'} truncate="end">
            {used ? `Used by ${asset.used_by.map((theme) => theme.name).join(', ')}` : 'Not used by a theme'}
          </Text>
        </Stack>
        <Tooltip label={used ? 'In use: choose another file in its themes first' : 'Delete'}>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${asset.name}`} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Card>
  );
};
