import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { TBuiltInModel } from '@sales-assist/contract';
import { formatBytes, formatDuration } from '@sales-assist/contract';
import { IconAlertTriangle, IconDownload, IconPlayerStop, IconTerminal2 } from '@tabler/icons-react';

type TModelDownloadPanelProps = {
  model: TBuiltInModel;
  onStart: () => void;
  onCancel: () => void;
  starting: boolean;
  cancelling: boolean;
};

const PHASE_WORDS = {
  connecting: 'Connecting…',
  checking: 'Checking the part already downloaded…',
  downloading: 'Downloading',
  verifying: 'Verifying the file’s SHA-256…',
} as const;

/** "1.12 GB of 2.33 GB · 11.4 MB/s · 1m 49s left" */
const progressWords = (download: TBuiltInModel['download']): string => {
  const parts = [
    download.bytes_total === null
      ? formatBytes(download.bytes_done)
      : `${formatBytes(download.bytes_done)} of ${formatBytes(download.bytes_total)}`,
  ];
  if (download.bytes_per_second !== null) parts.push(`${formatBytes(download.bytes_per_second)}/s`);
  if (download.seconds_left !== null) parts.push(`${formatDuration(download.seconds_left)} left`);
  return parts.join(' · ');
};

/**
 * The built-in model's download: a button to start or resume it, its progress while it runs (bytes, rate,
 * time left), Cancel, and why the last one stopped; or the process that downloads it elsewhere.
 */
export const ModelDownloadPanel = ({
  model,
  onStart,
  onCancel,
  starting,
  cancelling,
}: TModelDownloadPanelProps) => {
  const { download } = model;
  const total = download.bytes_total ?? model.size_bytes;
  if (download.elsewhere) {
    return (
      <Alert variant="light" color="blue" icon={<IconTerminal2 />} title="Downloading in another process">
        Being downloaded by {download.elsewhere}. Its progress shows where it runs; this page updates when it
        is done.
      </Alert>
    );
  }
  if (download.state === 'running') {
    const share = total ? Math.min(100, (download.bytes_done / total) * 100) : null;
    return (
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500}>
            {download.phase ? PHASE_WORDS[download.phase] : 'Starting…'}
            {share !== null && download.phase === 'downloading' ? ` ${share.toFixed(1)}%` : ''}
          </Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlayerStop size={14} />}
            onClick={onCancel}
            loading={cancelling}
          >
            Cancel
          </Button>
        </Group>
        <Progress
          value={share ?? 100}
          animated={share === null || download.phase !== 'downloading'}
          striped={share === null}
          size="lg"
          aria-label="Download progress"
        />
        <Text size="sm" c="dimmed">
          {progressWords(download)}
        </Text>
      </Stack>
    );
  }
  if (model.present) return null;
  const resumable = model.partial_bytes > 0;
  return (
    <Stack gap="xs">
      {download.state === 'failed' && download.error && (
        <Alert variant="light" color="red" icon={<IconAlertTriangle />} title="The download failed">
          {download.error}
        </Alert>
      )}
      {download.state === 'cancelled' && (
        <Text size="sm" c="dimmed">
          The download was stopped. What arrived is kept: it resumes from there.
        </Text>
      )}
      <Group>
        <Button leftSection={<IconDownload size={16} />} onClick={onStart} loading={starting}>
          {resumable
            ? `Resume download (${formatBytes(model.partial_bytes)}${total ? ` of ${formatBytes(total)}` : ''} done)`
            : `Download${total ? ` (${formatBytes(total)})` : ''}`}
        </Button>
        <Text size="sm" c="dimmed">
          or run <code>npm run model:pull</code> on the server
        </Text>
      </Group>
    </Stack>
  );
};
