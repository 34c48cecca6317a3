import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsShuffle } from '@tabler/icons-react';
import { useState } from 'react';
import { combinationCount, combinationOf, type TAdDraft } from '../lib/ad-draft';

/** "acme.example/path1/path2": the domain the final URL leads to, then the display paths. */
const displayUrlOf = (landingUrl: string, path1: string, path2: string): string => {
  const host = (URL.parse(landingUrl)?.hostname ?? '').replace(/^www\./i, '') || 'example.com';
  return [host, path1.trim(), path1.trim() ? path2.trim() : ''].filter(Boolean).join('/');
};

/**
 * The ad as Google shows a search ad: "Ad · display URL", three headlines joined by " | " as the blue
 * title, two descriptions below. Google mixes the texts, so another combination can be previewed.
 */
export const AdPreview = ({ draft }: { draft: TAdDraft }) => {
  const [turn, setTurn] = useState(0);
  const count = combinationCount(draft);
  const shown = combinationOf(draft, turn % count);
  return (
    <Stack gap="sm">
      <Paper withBorder radius="lg" p="md" role="figure" aria-label="Ad preview" data-testid="ad-preview">
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={700}>
            Ad
          </Text>
          <Text size="sm" c="dimmed" aria-hidden>
            ·
          </Text>
          <Text size="sm" truncate data-testid="ad-preview-url">
            {displayUrlOf(draft.landing_url, draft.path1, draft.path2)}
          </Text>
        </Group>
        <Text
          mt={4}
          fz={20}
          lh={1.3}
          c="var(--mantine-color-blue-8)"
          style={{ wordBreak: 'break-word' }}
          data-testid="ad-preview-headlines"
        >
          {shown.headlines.join(' | ') || 'Your headlines appear here'}
        </Text>
        <Box mt={6}>
          <Text size="sm" c="dimmed" data-testid="ad-preview-descriptions">
            {shown.descriptions.join(' ') || 'Your descriptions appear here.'}
          </Text>
        </Box>
      </Paper>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Combination {(turn % count) + 1} of {count}
        </Text>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconArrowsShuffle size={16} />}
          onClick={() => setTurn((value) => value + 1)}
          disabled={count < 2}
        >
          Preview another combination
        </Button>
      </Group>
    </Stack>
  );
};
