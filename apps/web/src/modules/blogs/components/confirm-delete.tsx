import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Asks before a post goes; one still being written is stopped and its unit given back. */
export const confirmDeleteBlog = (
  blog: { title: string; status: 'generating' | 'ready' | 'failed' },
  onConfirm: () => void,
): void => {
  modals.openConfirmModal({
    title: `Delete "${blog.title}"?`,
    centered: true,
    children: (
      <Text size="sm">
        {blog.status === 'generating'
          ? 'The post is still being written: it stops now and does not count against your plan.'
          : 'The post will be deleted. This cannot be undone.'}
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
};
