import { Center, Image, Skeleton, ThemeIcon } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useThemePreview } from '../hooks/use-theme-preview';

/** A theme's preview picture, or a neutral placeholder while it loads or when there is none. */
export const ThemePreview = ({
  themeId,
  name,
  height,
}: {
  themeId: number;
  name: string;
  height: number;
}) => {
  const { url, isLoading, isError } = useThemePreview(themeId);
  if (isLoading) return <Skeleton h={height} radius={0} aria-label={`Loading the preview of ${name}`} />;
  if (isError || !url) {
    return (
      <Center h={height} bg="gray.0" aria-label={`No preview of ${name}`}>
        <ThemeIcon variant="light" color="gray" size={56} radius="xl">
          <IconPhoto size={28} stroke={1.5} />
        </ThemeIcon>
      </Center>
    );
  }
  return <Image src={url} alt={`Preview of ${name}`} h={height} fit="contain" bg="gray.0" />;
};
