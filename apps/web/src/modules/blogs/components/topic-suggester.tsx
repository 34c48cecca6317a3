import { Alert, Anchor, Button, Card, Group, Select, Stack, TagsInput, Text, Title } from '@mantine/core';
import { BLOG_KEYWORD_MAX, BLOG_KEYWORDS_MAX, BLOG_TOPICS_PER_REQUEST } from '@sales-assist/contract';
import { IconBulb, IconWorldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { KeywordListPicker } from '../../keywords/components/keyword-list-picker';
import { useSuggestTopics } from '../hooks/use-blog-topics';
import { mergeKeywords } from '../lib/merge-keywords';

const COUNTS = Array.from(
  { length: BLOG_TOPICS_PER_REQUEST.max - BLOG_TOPICS_PER_REQUEST.min + 1 },
  (_, index) => String(BLOG_TOPICS_PER_REQUEST.min + index),
);

/**
 * "Suggest topics": from the brand profile of the user's website, optionally steered by seed keywords.
 * Without a website, seed keywords are needed (the server says the same) and Settings is one click away.
 */
export const TopicSuggester = ({ hasWebsite }: { hasWebsite: boolean }) => {
  const [seeds, setSeeds] = useState<string[]>([]);
  const [count, setCount] = useState(String(BLOG_TOPICS_PER_REQUEST.default));
  const suggest = useSuggestTopics();
  const needsSeeds = !hasWebsite && seeds.length === 0;
  return (
    <Card>
      <Stack gap="sm">
        <Title order={4}>1. Suggest topics</Title>
        {!hasWebsite && (
          <Alert variant="light" color="blue" icon={<IconWorldOff />} radius="md">
            <Text size="sm">
              Topics fit your brand once your website is added:{' '}
              <Anchor component={Link} to="/settings" size="sm">
                add it in Settings
              </Anchor>
              . Or type a few seed keywords below and suggest topics from them.
            </Text>
          </Alert>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TagsInput
            label="Seed keywords"
            description={
              hasWebsite ? 'Optional: steer the topics (press Enter after each)' : 'Press Enter after each'
            }
            placeholder="e.g. email marketing"
            value={seeds}
            onChange={(value) => setSeeds(value.map((seed) => seed.slice(0, BLOG_KEYWORD_MAX)))}
            maxTags={BLOG_KEYWORDS_MAX}
            clearable
            style={{ flex: 1, minWidth: 260 }}
          />
          <KeywordListPicker
            label="Seeds from a saved list"
            onPick={(keywords) => setSeeds((current) => mergeKeywords(current, keywords))}
          />
          <Select
            label="How many"
            w={110}
            allowDeselect={false}
            data={COUNTS}
            value={count}
            onChange={(value) => value && setCount(value)}
          />
          <Button
            leftSection={<IconBulb size={18} />}
            loading={suggest.isPending}
            disabled={needsSeeds}
            onClick={() => suggest.mutate({ seed_keywords: seeds, count: Number(count) })}
          >
            Suggest topics
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
