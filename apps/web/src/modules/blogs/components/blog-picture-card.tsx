import { Button, Card, Image, SegmentedControl, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CALLS, type TBlogPost, type TSetBlogPictureRequest } from '@sales-assist/contract';
import { IconPhotoCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { pathOf } from '../../../app/api/call-api';
import { useApiPicture } from '../../../app/api/use-api-picture';
import { useImageInputChoices, useInfographicThemes } from '../../socials/hooks/use-socials';
import { BLOG_POST_KEY } from '../hooks/blogs-keys';
import { useSetBlogPicture } from '../hooks/use-blog-mutations';

type TSource = TSetBlogPictureRequest['source'];

const keyOf = (request: TSetBlogPictureRequest): string =>
  request.source === 'none'
    ? 'none'
    : request.source === 'theme'
      ? `theme:${request.theme_id}`
      : `input:${request.input_id}`;

const SOURCES: { value: TSource; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'theme', label: 'Infographic' },
  { value: 'input', label: 'My image' },
];

/** The post's picture as it is now: drawn from the saved post, so it follows its title and headings. */
const PicturePreview = ({ blog }: { blog: TBlogPost }) => {
  const picture = useApiPicture(blog.picture ? pathOf(CALLS.getBlogPicture, { id: blog.id }) : null, {
    // A new picture, or the post saved with another title or headings, is a new drawing.
    queryKey: [...BLOG_POST_KEY, blog.id, 'picture', blog.updated_at],
    retry: false,
  });
  if (!blog.picture) return null;
  if (picture.isError)
    return (
      <Text size="sm" c="red.7">
        The picture could not be loaded: its image may have been deleted. Choose another one.
      </Text>
    );
  if (!picture.url) return <Skeleton h={180} radius="sm" animate={picture.isLoading} />;
  // The whole picture, as WordPress will get it: a crop would hide its text.
  return (
    <Image src={picture.url} alt={`Picture of ${blog.title}`} h={180} fit="contain" bg="gray.1" radius="sm" />
  );
};

/**
 * The post's picture, sent to WordPress as its featured image: an infographic a theme draws from the
 * post's title and section headings, one of the user's uploaded images, or none.
 */
export const BlogPictureCard = ({ blog }: { blog: TBlogPost }) => {
  const [source, setSource] = useState<TSource>(blog.picture?.source ?? 'none');
  const [themeId, setThemeId] = useState<string | null>(blog.picture?.theme_id?.toString() ?? null);
  const [inputId, setInputId] = useState<string | null>(blog.picture?.input_id?.toString() ?? null);
  const themes = useInfographicThemes();
  const images = useImageInputChoices(source === 'input');
  const save = useSetBlogPicture(blog.id);

  const request: TSetBlogPictureRequest | null =
    source === 'none'
      ? { source: 'none' }
      : source === 'theme'
        ? themeId
          ? { source: 'theme', theme_id: Number(themeId) }
          : null
        : inputId
          ? { source: 'input', input_id: Number(inputId) }
          : null;
  // The choice on screen, compared with the saved one as the request it would send.
  const current = blog.picture
    ? keyOf(
        blog.picture.source === 'theme'
          ? { source: 'theme', theme_id: blog.picture.theme_id ?? 0 }
          : { source: 'input', input_id: blog.picture.input_id ?? 0 },
      )
    : keyOf({ source: 'none' });
  const chosen = request ? keyOf(request) : null;

  return (
    <Card>
      <Stack gap="xs">
        <Title order={5}>Picture</Title>
        <Text size="sm" c="dimmed">
          Published to WordPress as the post’s featured image.
        </Text>
        <PicturePreview blog={blog} />
        <SegmentedControl
          aria-label="Picture source"
          value={source}
          onChange={(value) => setSource(value as TSource)}
          data={SOURCES}
          fullWidth
        />
        {source === 'theme' && (
          <Select
            label="Theme"
            placeholder={themes.isLoading ? 'Loading themes…' : 'Choose a theme'}
            data={(themes.data?.themes ?? []).map((theme) => ({
              value: String(theme.id),
              label: theme.name,
            }))}
            value={themeId}
            onChange={setThemeId}
            nothingFoundMessage="No themes yet: an admin adds them in Infographics"
            allowDeselect={false}
          />
        )}
        {source === 'input' && (
          <Select
            label="Your image"
            placeholder={images.isLoading ? 'Loading your images…' : 'Choose one of your images'}
            searchable
            data={(images.data?.inputs ?? []).map((input) => ({
              value: String(input.id),
              label: input.name,
            }))}
            value={inputId}
            onChange={setInputId}
            nothingFoundMessage="No images yet: upload some in Inputs"
            allowDeselect={false}
          />
        )}
        <Button
          variant="light"
          leftSection={<IconPhotoCheck size={16} />}
          loading={save.isPending}
          disabled={request === null || chosen === current}
          onClick={() => request && save.mutate(request)}
        >
          {source === 'none' ? 'Remove the picture' : 'Use this picture'}
        </Button>
      </Stack>
    </Card>
  );
};
