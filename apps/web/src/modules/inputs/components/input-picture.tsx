import { Center, Image, Skeleton, ThemeIcon } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useInputPicture } from '../hooks/use-input-picture';

type TInputPictureProps = {
  id: number;
  variant: 'image' | 'thumbnail';
  alt: string;
  height: number | string;
  fit?: 'cover' | 'contain';
};

/** An image input's picture or thumbnail, fetched with the session's token; a placeholder meanwhile. */
export const InputPicture = ({ id, variant, alt, height, fit = 'contain' }: TInputPictureProps) => {
  const { url, isLoading, isError } = useInputPicture(id, variant);
  if (isLoading) return <Skeleton h={height} radius={0} />;
  if (isError || !url) {
    return (
      <Center h={height} bg="gray.0" aria-label={`${alt} could not be loaded`}>
        <ThemeIcon variant="light" color="gray" size="xl" radius="xl">
          <IconPhotoOff size={22} />
        </ThemeIcon>
      </Center>
    );
  }
  // The whole picture, letterboxed on grey: a thumbnail that crops hides what the picture says.
  return <Image src={url} alt={alt} h={height} fit={fit} bg="gray.0" />;
};
