import { Button, Card, Group, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  LINKEDIN_GROUNDING_INPUTS_MAX,
  LINKEDIN_POST_MESSAGES,
  LINKEDIN_TOPIC_MAX,
  LINKEDIN_VARIANTS,
  type TGenerateLinkedinPostsRequest,
} from '@sales-assist/contract';
import { IconPlayerStop, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { InputPicker } from '../../inputs/components/input-picker';
import { useBlogChoices, useTextInputChoices } from '../hooks/use-source-choices';

export type TSourceType = 'topic' | 'blog' | 'input';

type TGeneratePanelProps = {
  streaming: boolean;
  initialBlogId: number | null;
  onGenerate: (request: TGenerateLinkedinPostsRequest) => void;
  onStop: () => void;
};

const SOURCES = [
  { value: 'topic', label: 'Topic' },
  { value: 'blog', label: 'Blog post' },
  { value: 'input', label: 'Input' },
];

/** What to write from (a topic, one of the user's blog posts, one of their texts) and how many variants. */
export const GeneratePanel = ({ streaming, initialBlogId, onGenerate, onStop }: TGeneratePanelProps) => {
  const [source, setSource] = useState<TSourceType>(initialBlogId ? 'blog' : 'topic');
  const [topic, setTopic] = useState('');
  const [blogId, setBlogId] = useState<string | null>(initialBlogId ? String(initialBlogId) : null);
  const [inputId, setInputId] = useState<string | null>(null);
  const [variants, setVariants] = useState(String(LINKEDIN_VARIANTS.default));
  const [groundingIds, setGroundingIds] = useState<number[]>([]);
  const [blogSearch, setBlogSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(blogSearch, 300);
  const blogs = useBlogChoices(debouncedSearch, source === 'blog');
  const texts = useTextInputChoices(source === 'input');
  const [touched, setTouched] = useState(false);

  const topicError =
    touched && source === 'topic' && !topic.trim()
      ? LINKEDIN_POST_MESSAGES.topicRequired
      : topic.length > LINKEDIN_TOPIC_MAX
        ? LINKEDIN_POST_MESSAGES.topicTooLong
        : null;
  const blogData = (blogs.data ?? []).map((blog) => ({
    value: String(blog.id),
    label: blog.title || 'Untitled post',
  }));
  if (initialBlogId && blogId === String(initialBlogId) && !blogData.some((item) => item.value === blogId)) {
    blogData.unshift({ value: blogId, label: `Blog post #${blogId}` });
  }
  const textData = (texts.data?.inputs ?? []).map((input) => ({
    value: String(input.id),
    label: input.name,
  }));

  const ready =
    (source === 'topic' && topic.trim().length > 0 && topic.length <= LINKEDIN_TOPIC_MAX) ||
    (source === 'blog' && blogId !== null) ||
    (source === 'input' && inputId !== null);

  const submit = () => {
    setTouched(true);
    if (!ready) return;
    const chosen =
      source === 'topic'
        ? { type: 'topic' as const, topic: topic.trim() }
        : source === 'blog'
          ? { type: 'blog' as const, blog_id: Number(blogId) }
          : { type: 'input' as const, input_id: Number(inputId) };
    onGenerate({ source: chosen, variants: Number(variants), input_ids: groundingIds });
  };

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>Write from</Text>
          <SegmentedControl
            aria-label="Write from"
            value={source}
            onChange={(value) => setSource(value as TSourceType)}
            data={SOURCES}
            disabled={streaming}
          />
        </Group>
        {source === 'topic' && (
          <Textarea
            label="Topic"
            description="What the post is about: an idea, a lesson, news from your company"
            placeholder="e.g. Three things we learned from our first 100 customers"
            autosize
            minRows={2}
            maxRows={5}
            value={topic}
            onChange={(event) => setTopic(event.currentTarget.value)}
            error={topicError}
            disabled={streaming}
          />
        )}
        {source === 'blog' && (
          <Select
            label="Blog post to repurpose"
            description="The post's text is the source: its most useful idea becomes a LinkedIn post"
            placeholder={blogs.isLoading ? 'Loading your blog posts…' : 'Search your blog posts'}
            searchable
            searchValue={blogSearch}
            onSearchChange={setBlogSearch}
            filter={({ options }) => options}
            data={blogData}
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
            disabled={streaming}
          />
        )}
        {source === 'input' && (
          <Select
            label="Text to write from"
            description="One of your texts (Inputs): notes, an article, a transcript"
            placeholder={texts.isLoading ? 'Loading your texts…' : 'Choose a text'}
            searchable
            data={textData}
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
            disabled={streaming}
          />
        )}
        <InputPicker
          value={groundingIds}
          onChange={setGroundingIds}
          max={LINKEDIN_GROUNDING_INPUTS_MAX}
          label="Also ground it in your texts (optional)"
          disabled={streaming}
        />
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Variants
            </Text>
            <SegmentedControl
              aria-label="Variants"
              value={variants}
              onChange={setVariants}
              data={['1', '2', '3']}
              disabled={streaming}
            />
          </Stack>
          {streaming ? (
            <Button color="gray" variant="light" leftSection={<IconPlayerStop size={18} />} onClick={onStop}>
              Stop
            </Button>
          ) : (
            <Button leftSection={<IconSparkles size={18} />} onClick={submit} disabled={touched && !ready}>
              Write posts
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
};
