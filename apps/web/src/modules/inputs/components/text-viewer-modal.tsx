import { Alert, Badge, Group, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import type { TInput } from '@sales-assist/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useInput } from '../hooks/use-input';
import { formatBytes, formatDate, inputTypeLabel } from '../lib/format-input';

/** The whole text of one input, as generations read it. */
export const TextViewerModal = ({ input, onClose }: { input: TInput | null; onClose: () => void }) => {
  const detail = useInput(input?.id ?? null);
  return (
    <Modal opened={input !== null} onClose={onClose} title={input?.name} size="xl" centered>
      {input && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">{inputTypeLabel(input)}</Badge>
            <Text size="sm" c="dimmed">
              {(input.characters ?? 0).toLocaleString('en-US')} characters
              {input.has_file ? ` · ${formatBytes(input.size_bytes)} file` : ''} · added{' '}
              {formatDate(input.created_at)}
            </Text>
          </Group>
          {detail.isLoading && (
            <Stack gap={6} aria-label="Loading the text">
              {Array.from({ length: 8 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={index} h={12} w={index % 3 === 2 ? '60%' : '100%'} />
              ))}
            </Stack>
          )}
          {detail.isError && (
            <Alert color="red" icon={<IconAlertTriangle />}>
              The text could not be loaded. Please try again.
            </Alert>
          )}
          {detail.data && (
            <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
              <Text
                component="pre"
                size="sm"
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', margin: 0 }}
              >
                {detail.data.text}
              </Text>
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}
    </Modal>
  );
};
