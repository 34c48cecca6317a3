import { Alert, Anchor, Button, Card, Group, Select, Stack, TagsInput, Text, Title } from '@mantine/core';
import { BLOG_KEYWORD_MAX, BLOG_KEYWORDS_MAX, BLOG_TOPICS_PER_REQUEST } from '@sales-assist/contract';
import { IconBulb, IconWorldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { KeywordListPicker } from '../../keywords/components/keyword-list-picker';
import { usePlanUsage } from '../../plan/hooks/use-plan-usage';
import { useSuggestTopics } from '../hooks/use-blog-topics';
import { mergeKeywords } from '../lib/merge-keywords';

/** How many one request may ask: 1 up to what the month has left (at most 6); 1..6 until the plan loads. */
const countsUpTo = (left: number | null): string[] => {
  const most = Math.max(
    BLOG_TOPICS_PER_REQUEST.min,
    Math.min(BLOG_TOPICS_PER_REQUEST.max, left ?? BLOG_TOPICS_PER_REQUEST.max),
  );
  return Array.from({ length: most - BLOG_TOPICS_PER_REQUEST.min + 1 }, (_, index) =>
    String(BLOG_TOPICS_PER_REQUEST.min + index),
  );
};

/**
 * One click should not spend the month: a third of the monthly allowance (Basic's 3 → 1, Premium's 24 → the
 * usual 3), never more than is left, at least 1.
 */
const defaultCount = (limit: number | null, left: number | null): number =>
  limit === null || left === null
    ? BLOG_TOPICS_PER_REQUEST.default
    : Math.max(
        BLOG_TOPICS_PER_REQUEST.min,
        Math.min(BLOG_TOPICS_PER_REQUEST.default, Math.floor(limit / 3), left),
      );

/**
 * "Suggest topics": from the brand profile of the user's website, optionally steered by seed keywords.
 * Without a website, seed keywords are needed (the server says the same) and Settings is one click away.
 */
export const TopicSuggester = ({ hasWebsite }: { hasWebsite: boolean }) => {
  const [seeds, setSeeds] = useState<string[]>([]);
  const plan = usePlanUsage();
  const usage = plan.data;
  const limit = usage ? usage.totalData.blogs_topic_limit : null;
  const left = usage
    ? Math.max(0, usage.totalData.blogs_topic_limit - usage.currentData.blogs_topic_limit)
    : null;
  const counts = countsUpTo(left);
  // The person's choice while it is still allowed (the month's allowance shrinks as topics are suggested).
  const [chosen, setChosen] = useState<string | null>(null);
  const count = chosen && counts.includes(chosen) ? chosen : String(defaultCount(limit, left));
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
            description={
              left === null
                ? undefined
                : left === 0
                  ? 'None left this month'
                  : `${left} of ${limit} left this month`
            }
            w={170}
            allowDeselect={false}
            data={counts}
            value={count}
            onChange={(value) => value && setChosen(value)}
          />
          <Button
            leftSection={<IconBulb size={18} />}
            loading={suggest.isPending}
            // Until the month's allowance is known the default could spend more than meant (a failed read
            // does not block: the server bounds the count anyway).
            disabled={needsSeeds || plan.isPending}
            onClick={() => suggest.mutate({ seed_keywords: seeds, count: Number(count) })}
          >
            Suggest topics
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
