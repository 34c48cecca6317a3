import { Badge, Button, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TBuiltInModel } from '@sales-assist/contract';
import { formatBytes } from '@sales-assist/contract';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ModelDownloadPanel } from './model-download-panel';

type TBuiltInModelCardProps = {
  model: TBuiltInModel;
  onStart: () => void;
  onCancel: () => void;
  onDelete: () => void;
  busy: { starting: boolean; cancelling: boolean; deleting: boolean };
};

const RUNTIME_WORDS = {
  absent: 'No file',
  unloaded: 'Idle (loads at the next request)',
  loading: 'Loading',
  ready: 'Loaded',
} as const;

/** Whether the file is there and serves, in a badge. */
const StateBadge = ({ model }: { model: TBuiltInModel }) => {
  if (!model.present) return <Badge color="gray">Not downloaded</Badge>;
  if (model.overridden) return <Badge color="yellow">Downloaded · not used (LLM_BASE_URL is set)</Badge>;
  return <Badge color="teal">Downloaded · in use</Badge>;
};

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Stack>
);

/**
 * The built-in model: its name, licence, size and where its file goes, whether it is there and serving,
 * its download, and Delete (asked first: the writers go back to working without a model).
 */
export const BuiltInModelCard = ({ model, onStart, onCancel, onDelete, busy }: TBuiltInModelCardProps) => {
  const size = model.file_size_bytes ?? model.size_bytes ?? model.download.bytes_total;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete the built-in model?',
      children: (
        <Text size="sm">
          {model.present
            ? `The file (${size === null ? 'its size unknown' : formatBytes(size)}) is deleted from the server.`
            : `What was downloaded so far (${formatBytes(model.partial_bytes)}) is deleted: the next download starts from the beginning.`}
          {model.in_use
            ? ' Content, campaign messages and the chat are written without a model until it is downloaded again.'
            : ''}
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: onDelete,
    });
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Built-in model">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Built-in model
            </Text>
            <Title order={3}>{model.name}</Title>
          </Stack>
          <StateBadge model={model} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <Fact label="Licence">{model.licence ?? 'As published with the mirror'}</Fact>
          <Fact label="Size">{size === null ? 'Told by the server' : formatBytes(size)}</Fact>
          <Fact label="Status">
            {model.runtime
              ? `${RUNTIME_WORDS[model.runtime.state]}${model.runtime.busy ? ` · writing, ${model.runtime.waiting} waiting` : ''}`
              : model.present
                ? 'Not serving'
                : 'Not downloaded'}
          </Fact>
          <Fact label="File">
            <Code>{model.path}</Code>
          </Fact>
        </SimpleGrid>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          From {model.url} · SHA-256 {model.sha256}
        </Text>
        <ModelDownloadPanel
          model={model}
          onStart={onStart}
          onCancel={onCancel}
          starting={busy.starting}
          cancelling={busy.cancelling}
        />
        {(model.present || (model.partial_bytes > 0 && model.download.state !== 'running')) && (
          <Group>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={confirmDelete}
              loading={busy.deleting}
              disabled={Boolean(model.download.elsewhere)}
            >
              {model.present ? 'Delete the file' : 'Delete the part downloaded'}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
};
