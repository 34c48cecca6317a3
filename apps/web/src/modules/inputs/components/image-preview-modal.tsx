import { Group, Modal, Stack, Text } from '@mantine/core';
import type { TInput } from '@sales-assist/contract';
import { formatBytes, formatDate, inputTypeLabel } from '../lib/format-input';
import { InputPicture } from './input-picture';

/** The picture itself, as large as the window allows. */
export const ImagePreviewModal = ({ input, onClose }: { input: TInput | null; onClose: () => void }) => (
  <Modal opened={input !== null} onClose={onClose} title={input?.name} size="xl" centered>
    {input && (
      <Stack gap="sm">
        <InputPicture id={input.id} variant="image" alt={input.name} height="65vh" fit="contain" />
        <Group justify="center">
          <Text size="sm" c="dimmed">
            {inputTypeLabel(input)} · {input.width}×{input.height} px · {formatBytes(input.size_bytes)} ·
            added {formatDate(input.created_at)}
          </Text>
        </Group>
      </Stack>
    )}
  </Modal>
);
