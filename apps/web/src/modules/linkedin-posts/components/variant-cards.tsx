import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TLinkedinPost } from '@sales-assist/contract';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { TGeneration } from '../hooks/use-generate-posts';
import { copyPost } from '../lib/copy-post';
import { CharacterCount } from './character-count';
import { WriterBadge } from './writer-badge';

type TVariantCardsProps = { generation: TGeneration; onChoose: (post: TLinkedinPost) => void };

const PostText = ({ text }: { text: string }) => (
  <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
    {text}
  </Text>
);

/** The variants: their text growing while it is written, then the saved posts to choose from. */
export const VariantCards = ({ generation, onChoose }: TVariantCardsProps) => {
  if (generation.phase === 'idle') return null;
  if (generation.phase === 'done') {
    return (
      <SimpleGrid cols={{ base: 1, md: Math.min(generation.posts.length, 3) }} spacing="md">
        {generation.posts.map((post, index) => (
          <Card key={post.id} padding="lg" data-testid="variant-card">
            <Stack gap="sm" h="100%">
              <Group justify="space-between">
                <Badge variant="light">Variant {index + 1}</Badge>
                <WriterBadge writer={post.writer} model={post.model} />
              </Group>
              <PostText text={post.text} />
              <Group justify="space-between" mt="auto">
                <CharacterCount count={post.characters} />
                <Group gap="xs">
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconCopy size={16} />}
                    onClick={() => copyPost(post.text)}
                  >
                    Copy
                  </Button>
                  <Button size="xs" leftSection={<IconCheck size={16} />} onClick={() => onChoose(post)}>
                    Choose
                  </Button>
                </Group>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: Math.min(generation.variants, 3) }} spacing="md">
      {generation.texts.map((text, index) => (
        // The variants are fixed for one generation: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Card key={index} padding="lg" data-testid="streaming-variant">
          <Stack gap="sm">
            <Group justify="space-between">
              <Badge variant="light">Variant {index + 1}</Badge>
              {generation.phase === 'streaming' && (
                <Loader size="xs" aria-label={`Writing variant ${index + 1}`} />
              )}
            </Group>
            {text ? (
              <PostText text={text} />
            ) : (
              <Text size="sm" c="dimmed">
                {generation.phase === 'failed' ? 'Not written.' : 'Waiting for the writer…'}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
};
