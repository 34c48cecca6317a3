import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TInput } from '@sales-assist/contract';

/** Asks before an input (and its stored file) is deleted for good. */
export const confirmDeleteInput = (input: TInput, onConfirm: () => void): void => {
  modals.openConfirmModal({
    title: `Delete "${input.name}"?`,
    centered: true,
    children: (
      <Text size="sm">
        The {input.kind === 'text' ? 'text' : 'image'}
        {input.has_file ? ' and its file' : ''} will be deleted. Content already written from it stays as it
        is. This cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
};
