import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { fewerPostsWritten } from '@sales-assist/contract';
import { IconBookmark, IconCheck, IconCopy, IconPencil } from '@tabler/icons-react';
import type { TGeneration } from '../hooks/use-generate-posts';
import { copyPost } from '../lib/copy-post';
import { CharacterCount } from './character-count';
import { WriterBadge } from './writer-badge';

type TVariantCardsProps = {
  generation: TGeneration;
  /** The variant being kept right now, if any. */
  keeping: number | null;
  onKeep: (variant: number) => void;
  /** Keeps the variant (if it is not yet) and opens it in the editor. */
  onChoose: (variant: number) => void;
};

const PostText = ({ text }: { text: string }) => (
  <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
    {text}
  </Text>
);

/**
 * The variants: their text growing while it is written, then the written variants to keep. Keep saves
 * one as a draft and stays here (to keep another); Choose keeps it and opens it in the editor, where it
 * is edited and scheduled. Copy saves nothing. What is not kept is gone with the page.
 */
export const VariantCards = ({ generation, keeping, onKeep, onChoose }: TVariantCardsProps) => {
  if (generation.phase === 'idle') return null;
  const result = generation.result;
  if (generation.phase === 'done' && result) {
    const unkept = result.variants.length - Object.keys(generation.kept).length;
    // The writer asked the model again once; a second short answer is shown as it is, and said.
    const fewer = result.variants.length < generation.variants;
    return (
      <Stack gap="xs">
        {fewer && (
          <Alert color="yellow" variant="light" data-testid="fewer-posts-note">
            {`${fewerPostsWritten(result.variants.length, generation.variants)} Write again for more.`}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: Math.min(result.variants.length, 3) }} spacing="md">
          {result.variants.map((variant) => {
            const kept = generation.kept[variant.variant];
            const busy = keeping === variant.variant;
            return (
              <Card
                key={variant.variant}
                padding="lg"
                data-testid="variant-card"
                data-kept={kept ? 'true' : 'false'}
              >
                <Stack gap="sm" h="100%">
                  <Group justify="space-between">
                    <Group gap={6}>
                      <Badge variant="light">Variant {variant.variant + 1}</Badge>
                      {kept && (
                        <Badge variant="light" color="teal" leftSection={<IconCheck size={12} />}>
                          Kept
                        </Badge>
                      )}
                    </Group>
                    <WriterBadge writer={result.writer} model={result.model} />
                  </Group>
                  <PostText text={variant.text} />
                  {variant.review.map((note) => (
                    <Text key={note} size="xs" c="orange.8">
                      Check before posting: {note}
                    </Text>
                  ))}
                  <Group justify="space-between" mt="auto" wrap="wrap" gap="xs">
                    <CharacterCount count={variant.characters} />
                    <Group gap="xs">
                      <Button
                        variant="subtle"
                        size="xs"
                        leftSection={<IconCopy size={16} />}
                        onClick={() => copyPost(variant.text)}
                      >
                        Copy
                      </Button>
                      <Button
                        variant="default"
                        size="xs"
                        leftSection={kept ? <IconCheck size={16} /> : <IconBookmark size={16} />}
                        disabled={Boolean(kept) || (keeping !== null && !busy)}
                        loading={busy}
                        onClick={() => onKeep(variant.variant)}
                      >
                        {kept ? 'Kept' : 'Keep'}
                      </Button>
                      <Button
                        size="xs"
                        leftSection={<IconPencil size={16} />}
                        disabled={keeping !== null && !busy}
                        loading={busy}
                        onClick={() => onChoose(variant.variant)}
                      >
                        Choose
                      </Button>
                    </Group>
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
        <Text size="sm" c="dimmed" data-testid="variants-note">
          {unkept === 0
            ? 'All variants are kept: find them under Your LinkedIn posts and in History.'
            : 'Only the variants you keep are saved (Keep, or Choose to edit and schedule one); the others are gone when you leave the page or write again.'}
        </Text>
      </Stack>
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
