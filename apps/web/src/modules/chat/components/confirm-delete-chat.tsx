import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export const confirmDeleteChat = (title: string, onConfirm: () => void): void => {
  modals.openConfirmModal({
    title: 'Delete this chat?',
    centered: true,
    children: (
      <Text size="sm">{`"${title}" and all its messages will be deleted. This cannot be undone.`}</Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
};
