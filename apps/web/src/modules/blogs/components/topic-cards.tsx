import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { TBlogTopic } from '@sales-assist/contract';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useState } from 'react';

/** The newest suggestions shown at first; the rest are one click away. */
const SHOWN_AT_FIRST = 6;

type TTopicCardsProps = {
  topics: TBlogTopic[] | undefined;
  loading: boolean;
  selectedId: number | null;
  onPick: (topic: TBlogTopic) => void;
};

/** The suggestions to pick from; a picked card fills in the post's topic and keywords. */
export const TopicCards = ({ topics, loading, selectedId, onPick }: TTopicCardsProps) => {
  const [showAll, setShowAll] = useState(false);
  if (loading) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h={110} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (!topics?.length) {
    return (
      <Text size="sm" c="dimmed">
        No topics yet: suggest some, or type your own topic below.
      </Text>
    );
  }
  const shown = showAll ? topics : topics.slice(0, SHOWN_AT_FIRST);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label="Suggested topics">
        {shown.map((topic) => {
          const selected = topic.id === selectedId;
          return (
            <Box key={topic.id} role="listitem">
              <UnstyledButton
                aria-pressed={selected}
                onClick={() => onPick(topic)}
                h="100%"
                w="100%"
                style={{ borderRadius: 'var(--mantine-radius-lg)' }}
              >
                <Card
                  h="100%"
                  withBorder
                  style={{
                    borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined,
                    boxShadow: selected ? '0 0 0 1px var(--mantine-color-blue-6)' : undefined,
                  }}
                >
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text fw={600} lineClamp={2}>
                        {topic.title}
                      </Text>
                      {selected && <IconCircleCheckFilled size={20} color="var(--mantine-color-blue-6)" />}
                    </Group>
                    {topic.angle && (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {topic.angle}
                      </Text>
                    )}
                    <Group gap={4}>
                      {topic.keywords.slice(0, 4).map((keyword) => (
                        <Badge key={keyword} size="xs" variant="light" color="gray">
                          {keyword}
                        </Badge>
                      ))}
                    </Group>
                  </Stack>
                </Card>
              </UnstyledButton>
            </Box>
          );
        })}
      </SimpleGrid>
      {topics.length > SHOWN_AT_FIRST && (
        <Group justify="center">
          <Button variant="subtle" size="xs" onClick={() => setShowAll(!showAll)}>
            {showAll ? 'Show fewer topics' : `Show all ${topics.length} topics`}
          </Button>
        </Group>
      )}
    </Stack>
  );
};
