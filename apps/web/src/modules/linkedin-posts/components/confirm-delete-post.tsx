import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export const confirmDeletePost = (hook: string, onConfirm: () => void): void => {
  modals.openConfirmModal({
    title: 'Delete this post?',
    centered: true,
    children: (
      <Text size="sm">
        {`"${hook.length > 80 ? `${hook.slice(0, 79)}…` : hook}" will be deleted. This cannot be undone.`}
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
};
