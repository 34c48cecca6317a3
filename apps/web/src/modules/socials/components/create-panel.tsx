import {
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  SOCIAL_GROUNDING_INPUTS_MAX,
  SOCIAL_MESSAGES,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  SOCIAL_TOPIC_MAX,
  type TCreateSocialPostsRequest,
  type TSocialImageSource,
  type TSocialNetwork,
} from '@sales-assist/contract';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { InputPicker } from '../../inputs/components/input-picker';
import { useBlogChoices, useTextInputChoices } from '../../linkedin-posts/hooks/use-source-choices';
import { useInfographicThemes } from '../hooks/use-socials';
import { ImageSourceFields } from './image-source-fields';
import { ThemePicker } from './theme-picker';

type TSourceType = 'topic' | 'blog' | 'input';

const SOURCES = [
  { value: 'topic', label: 'Topic' },
  { value: 'blog', label: 'Blog post' },
  { value: 'input', label: 'Input' },
];

type TCreatePanelProps = {
  busy: boolean;
  imageModel: boolean;
  onCreate: (request: TCreateSocialPostsRequest) => void;
};

/** What to write from, for which networks, with which theme and picture. */
export const CreatePanel = ({ busy, imageModel, onCreate }: TCreatePanelProps) => {
  const [source, setSource] = useState<TSourceType>('topic');
  const [topic, setTopic] = useState('');
  const [blogId, setBlogId] = useState<string | null>(null);
  const [inputId, setInputId] = useState<string | null>(null);
  const [networks, setNetworks] = useState<TSocialNetwork[]>([...SOCIAL_NETWORKS]);
  const [themeId, setThemeId] = useState<number | null>(null);
  const [imageSource, setImageSource] = useState<TSocialImageSource>('theme');
  const [imageInputId, setImageInputId] = useState<string | null>(null);
  const [groundingIds, setGroundingIds] = useState<number[]>([]);
  const [blogSearch, setBlogSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(blogSearch, 300);
  const [touched, setTouched] = useState(false);
  const blogs = useBlogChoices(debouncedSearch, source === 'blog');
  const texts = useTextInputChoices(source === 'input');
  const themes = useInfographicThemes();

  // The first theme is chosen until the user picks one.
  useEffect(() => {
    const first = themes.data?.themes[0];
    if (themeId === null && first) setThemeId(first.id);
  }, [themes.data, themeId]);

  const sourceReady =
    (source === 'topic' && topic.trim().length > 0 && topic.length <= SOCIAL_TOPIC_MAX) ||
    (source === 'blog' && blogId !== null) ||
    (source === 'input' && inputId !== null);
  const ready =
    sourceReady &&
    networks.length > 0 &&
    themeId !== null &&
    (imageSource !== 'input' || imageInputId !== null);

  const submit = () => {
    setTouched(true);
    if (!ready || themeId === null) return;
    onCreate({
      ...(source === 'topic'
        ? { topic: topic.trim() }
        : source === 'blog'
          ? { source_id: Number(blogId) }
          : { input_id: Number(inputId) }),
      networks,
      theme_id: themeId,
      image_source: imageSource,
      ...(imageSource === 'input' && imageInputId ? { image_input_id: Number(imageInputId) } : {}),
      input_ids: groundingIds,
    });
  };

  return (
    <Card padding="lg" radius="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>Write from</Text>
          <SegmentedControl
            aria-label="Write from"
            value={source}
            onChange={(value) => setSource(value as TSourceType)}
            data={SOURCES}
            disabled={busy}
          />
        </Group>
        {source === 'topic' && (
          <Textarea
            label="Topic"
            description="What the posts are about: an idea, a tip, news from your company"
            placeholder="e.g. Three habits that keep a sales pipeline honest"
            autosize
            minRows={2}
            maxRows={5}
            value={topic}
            onChange={(event) => setTopic(event.currentTarget.value)}
            error={
              touched && !topic.trim()
                ? SOCIAL_MESSAGES.sourceRequired
                : topic.length > SOCIAL_TOPIC_MAX
                  ? SOCIAL_MESSAGES.topicTooLong
                  : null
            }
            disabled={busy}
          />
        )}
        {source === 'blog' && (
          <Select
            label="Blog post"
            description="Its text is the source of the posts"
            placeholder={blogs.isLoading ? 'Loading your blog posts…' : 'Search your blog posts'}
            searchable
            searchValue={blogSearch}
            onSearchChange={setBlogSearch}
            filter={({ options }) => options}
            data={(blogs.data ?? []).map((blog) => ({
              value: String(blog.id),
              label: blog.title || 'Untitled post',
            }))}
            value={blogId}
            onChange={setBlogId}
            nothingFoundMessage={
              blogs.isLoading ? (
                'Loading…'
              ) : (
                <>
                  No finished blog posts yet. <Link to="/website-content">Write one in Blogs</Link>
                </>
              )
            }
            disabled={busy}
          />
        )}
        {source === 'input' && (
          <Select
            label="Text to write from"
            placeholder={texts.isLoading ? 'Loading your texts…' : 'Choose a text'}
            searchable
            data={(texts.data?.inputs ?? []).map((input) => ({ value: String(input.id), label: input.name }))}
            value={inputId}
            onChange={setInputId}
            nothingFoundMessage={
              texts.isLoading ? (
                'Loading…'
              ) : (
                <>
                  No texts yet. <Link to="/inputs/uploadedtexts">Add one in Inputs</Link>
                </>
              )
            }
            disabled={busy}
          />
        )}
        <Checkbox.Group
          label="Networks"
          value={networks}
          onChange={(value) => setNetworks(value as TSocialNetwork[])}
          error={touched && networks.length === 0 ? SOCIAL_MESSAGES.networksRequired : null}
        >
          <Group gap="lg" mt={6}>
            {SOCIAL_NETWORKS.map((network) => (
              <Checkbox
                key={network}
                value={network}
                label={SOCIAL_NETWORK_LABELS[network]}
                disabled={busy}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Theme
          </Text>
          <ThemePicker value={themeId} onChange={setThemeId} />
        </Stack>
        <ImageSourceFields
          source={imageSource}
          onSource={setImageSource}
          inputId={imageInputId}
          onInputId={setImageInputId}
          imageModel={imageModel}
          disabled={busy}
        />
        <InputPicker
          value={groundingIds}
          onChange={setGroundingIds}
          max={SOCIAL_GROUNDING_INPUTS_MAX}
          label="Also ground them in your texts (optional)"
          disabled={busy}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconSparkles size={18} />}
            onClick={submit}
            loading={busy}
            disabled={touched && !ready}
          >
            Generate
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
