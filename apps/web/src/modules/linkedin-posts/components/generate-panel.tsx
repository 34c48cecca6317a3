import { Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  LINKEDIN_GROUNDING_INPUTS_MAX,
  LINKEDIN_POST_MESSAGES,
  LINKEDIN_TOPIC_MAX,
  LINKEDIN_VARIANTS,
  type TGenerateLinkedinPostsRequest,
} from '@sales-assist/contract';
import { IconPlayerStop, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { type TWriteFromWording, WriteFromFields } from '../../content/components/write-from-fields';
import { chosenSource, useWriteFrom, writeFromReady } from '../../content/hooks/use-write-from';
import { InputPicker } from '../../inputs/components/input-picker';

type TGeneratePanelProps = {
  streaming: boolean;
  initialBlogId: number | null;
  onGenerate: (request: TGenerateLinkedinPostsRequest) => void;
  onStop: () => void;
};

const WORDING: TWriteFromWording = {
  topicDescription: 'What the post is about: an idea, a lesson, news from your company',
  topicPlaceholder: 'e.g. Three things we learned from our first 100 customers',
  topicRequired: LINKEDIN_POST_MESSAGES.topicRequired,
  topicTooLong: LINKEDIN_POST_MESSAGES.topicTooLong,
  blogLabel: 'Blog post to repurpose',
  blogDescription: "The post's text is the source: its most useful idea becomes a LinkedIn post",
  inputDescription: 'One of your texts (Inputs): notes, an article, a transcript',
};

/** What to write from (a topic, one of the user's blog posts, one of their texts) and how many variants. */
export const GeneratePanel = ({ streaming, initialBlogId, onGenerate, onStop }: TGeneratePanelProps) => {
  const from = useWriteFrom(initialBlogId);
  const [variants, setVariants] = useState(String(LINKEDIN_VARIANTS.default));
  const [groundingIds, setGroundingIds] = useState<number[]>([]);
  const [touched, setTouched] = useState(false);
  const ready = writeFromReady(from, LINKEDIN_TOPIC_MAX);

  const submit = () => {
    setTouched(true);
    if (!ready) return;
    onGenerate({ source: chosenSource(from), variants: Number(variants), input_ids: groundingIds });
  };

  return (
    <Card padding="lg">
      <Stack gap="md">
        <WriteFromFields
          from={from}
          wording={WORDING}
          topicMax={LINKEDIN_TOPIC_MAX}
          touched={touched}
          disabled={streaming}
        />
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
