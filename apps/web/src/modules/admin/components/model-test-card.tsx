import { Alert, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import type { TAdminAiModelTestResponse } from '@sales-assist/contract';
import { IconAlertTriangle, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';

type TModelTestCardProps = {
  /** What serves content writing now ("Built-in model …"), or null when no model does. */
  provider: string | null;
  onTest: (prompt: string) => void;
  testing: boolean;
  result: TAdminAiModelTestResponse | undefined;
};

const DEFAULT_PROMPT = 'In one sentence, what does a marketing assistant do?';

/** A short prompt through the model that writes content: its answer, and how fast it came. */
export const ModelTestCard = ({ provider, onTest, testing, result }: TModelTestCardProps) => {
  const [prompt, setPrompt] = useState(DEFAULT_PROMPT);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Test the model">
      <Stack gap="sm">
        <Title order={3}>Test the model</Title>
        {provider === null ? (
          <Text size="sm" c="dimmed">
            No model writes on this server yet: download the built-in model above, or set LLM_BASE_URL to an
            OpenAI-compatible endpoint. Then test it here.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Sends a short prompt to {provider}. The first answer of the built-in model also loads it, which
              takes a few seconds.
            </Text>
            <Textarea
              label="Prompt"
              value={prompt}
              onChange={(event) => setPrompt(event.currentTarget.value)}
              maxLength={500}
              rows={2}
            />
            <Group>
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => onTest(prompt)}
                loading={testing}
                disabled={prompt.trim().length === 0}
              >
                Test
              </Button>
            </Group>
          </>
        )}
        {result?.ok === true && (
          <Stack gap={6} aria-label="Test answer" role="group">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {result.text}
            </Text>
            <Text size="xs" c="dimmed">
              First token after {(result.first_token_ms / 1000).toFixed(2)} s ·{' '}
              {result.tokens_per_second === null
                ? 'no token counts reported'
                : `${result.tokens_per_second.toLocaleString('en')} tokens/s`}{' '}
              · {result.completion_tokens.toLocaleString('en')} tokens in{' '}
              {(result.total_ms / 1000).toFixed(2)} s
            </Text>
          </Stack>
        )}
        {result?.ok === false && (
          <Alert variant="light" color="red" icon={<IconAlertTriangle />} title="The model did not answer">
            {result.reason}
          </Alert>
        )}
      </Stack>
    </Card>
  );
};
