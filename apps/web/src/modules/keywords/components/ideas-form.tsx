import { Button, Card, Group, Select, Stack, TagsInput, TextInput, Title } from '@mantine/core';
import {
  KEYWORD_IDEAS_COUNT,
  KEYWORD_MESSAGES,
  KEYWORD_SEEDS_MAX,
  KEYWORD_TEXT_MAX,
  KEYWORD_TOPIC_MAX,
  type TKeywordIdeasRequest,
} from '@sales-assist/contract';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';

const COUNTS = ['15', '30', '45', '60'];

const isWebAddress = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

type TIdeasFormProps = {
  hasWebsite: boolean;
  pending: boolean;
  onGenerate: (request: TKeywordIdeasRequest) => void;
};

/** Seed terms, an optional focus topic and page of the site, and Generate. */
export const IdeasForm = ({ hasWebsite, pending, onGenerate }: TIdeasFormProps) => {
  const [seeds, setSeeds] = useState<string[]>([]);
  const [topic, setTopic] = useState('');
  const [url, setUrl] = useState('');
  const [count, setCount] = useState(String(KEYWORD_IDEAS_COUNT.default));
  const [urlError, setUrlError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = () => {
    const page = url.trim();
    if (page && !isWebAddress(page)) {
      setUrlError(KEYWORD_MESSAGES.urlInvalid);
      return;
    }
    if (!hasWebsite && seeds.length === 0 && !topic.trim() && !page) {
      setFormError(KEYWORD_MESSAGES.nothingToStartFrom);
      return;
    }
    onGenerate({
      seed_terms: seeds,
      topic: topic.trim(),
      ...(page ? { url: page } : {}),
      count: Number(count),
    });
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
          <Title order={4}>Find keyword ideas</Title>
          <TagsInput
            label="Seed terms"
            description={
              hasWebsite
                ? 'Optional: what you want to be found for (press Enter after each). Your brand profile is used too.'
                : 'What you want to be found for (press Enter after each)'
            }
            placeholder="e.g. bookkeeping for freelancers"
            value={seeds}
            onChange={(value) => {
              setSeeds(value.map((seed) => seed.slice(0, KEYWORD_TEXT_MAX)));
              setFormError(null);
            }}
            maxTags={KEYWORD_SEEDS_MAX}
            error={formError}
            clearable
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="Focus topic"
              description="Optional"
              placeholder="e.g. tax season"
              value={topic}
              maxLength={KEYWORD_TOPIC_MAX}
              onChange={(event) => {
                setTopic(event.currentTarget.value);
                setFormError(null);
              }}
              miw={220}
            />
            <TextInput
              label="A page of your site"
              description="Optional: read for more ideas"
              placeholder="https://example.com/services"
              type="url"
              value={url}
              error={urlError}
              onChange={(event) => {
                setUrl(event.currentTarget.value);
                setUrlError(null);
                setFormError(null);
              }}
              miw={220}
            />
          </Group>
          <Group justify="space-between" align="flex-end">
            <Select
              label="How many ideas"
              w={140}
              allowDeselect={false}
              data={COUNTS}
              value={count}
              onChange={(value) => value && setCount(value)}
            />
            <Button type="submit" leftSection={<IconSparkles size={18} />} loading={pending}>
              Generate
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
};
