import {
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  BLOG_INPUTS_MAX,
  BLOG_KEYWORD_MAX,
  BLOG_KEYWORDS_MAX,
  BLOG_LENGTH_LABELS,
  BLOG_LENGTHS,
  BLOG_MESSAGES,
  BLOG_TOPIC_MAX,
  type TBlogLength,
  type TBlogTopic,
} from '@sales-assist/contract';
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { InputPicker } from '../../inputs/components/input-picker';
import { KeywordListPicker } from '../../keywords/components/keyword-list-picker';
import { useGenerateBlog } from '../hooks/use-blog-mutations';
import { mergeKeywords } from '../lib/merge-keywords';

type TGenerateFormProps = {
  /** The picked suggestion, which fills in the topic and keywords. */
  picked: TBlogTopic | null;
  onStarted: () => void;
};

/** "2. Write a post": topic, keywords, length and the inputs to ground it in. */
export const GenerateForm = ({ picked, onStarted }: TGenerateFormProps) => {
  const [topic, setTopic] = useState('');
  const [keywords, setKeywords] = useState<string[]>([]);
  const [length, setLength] = useState<TBlogLength>('medium');
  const [inputIds, setInputIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const generate = useGenerateBlog();

  useEffect(() => {
    if (!picked) return;
    setTopic(picked.title);
    setKeywords(picked.keywords.slice(0, BLOG_KEYWORDS_MAX));
    setError(null);
  }, [picked]);

  const submit = () => {
    const trimmed = topic.trim();
    if (!trimmed) {
      setError(BLOG_MESSAGES.topicRequired);
      return;
    }
    generate.mutate(
      {
        topic: trimmed,
        keywords,
        length,
        input_ids: inputIds,
        ...(picked && picked.title === trimmed ? { topic_id: picked.id } : {}),
      },
      { onSuccess: onStarted },
    );
  };

  return (
    <Card>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={4}>2. Write a post</Title>
          <TextInput
            label="Topic"
            placeholder="Pick a suggested topic above, or type your own"
            value={topic}
            maxLength={BLOG_TOPIC_MAX}
            error={error}
            onChange={(event) => {
              setTopic(event.currentTarget.value);
              setError(null);
            }}
          />
          <TagsInput
            label="Keywords"
            description="The post uses them where they fit (press Enter after each)"
            value={keywords}
            onChange={(value) => setKeywords(value.map((keyword) => keyword.slice(0, BLOG_KEYWORD_MAX)))}
            maxTags={BLOG_KEYWORDS_MAX}
            clearable
          />
          <Group>
            <KeywordListPicker
              label="Keywords from a saved list"
              onPick={(picked) => setKeywords((current) => mergeKeywords(current, picked))}
            />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="blog-length-label">
              Length
            </Text>
            <SegmentedControl
              aria-labelledby="blog-length-label"
              value={length}
              onChange={(value) => setLength(value as TBlogLength)}
              data={BLOG_LENGTHS.map((value) => ({ value, label: BLOG_LENGTH_LABELS[value] }))}
            />
          </Stack>
          <InputPicker value={inputIds} onChange={setInputIds} max={BLOG_INPUTS_MAX} />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconPencil size={18} />} loading={generate.isPending}>
              Write blog post
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
};
