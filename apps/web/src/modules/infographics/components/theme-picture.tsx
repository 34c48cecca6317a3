import { Center, Image, Skeleton, ThemeIcon } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useApiPicture } from '../../../app/api/use-api-picture';

/**
 * A theme's preview as the server drew it. The address carries the theme's version, so the picture at
 * an address never changes and is kept for the session.
 */
export const ThemePicture = ({ uri, name, height }: { uri: string; name: string; height: number }) => {
  const picture = useApiPicture(uri, { queryKey: ['infographic-themes', 'preview', uri] });
  if (picture.isLoading)
    return <Skeleton h={height} radius={0} aria-label={`Loading the preview of ${name}`} />;
  if (picture.isError || !picture.url)
    return (
      <Center h={height} bg="gray.0" aria-label={`No preview of ${name}`}>
        <ThemeIcon variant="light" color="gray" size={56} radius="xl">
          <IconPhoto size={28} stroke={1.5} />
        </ThemeIcon>
      </Center>
    );
  return <Image src={picture.url} alt={`Preview of ${name}`} h={height} fit="contain" bg="gray.0" />;
};
