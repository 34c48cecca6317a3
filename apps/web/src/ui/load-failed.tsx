import { Button } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { EmptyState } from './empty-state';

/** In place of a table whose first load failed (the toast said so already). */
export const LoadFailed = ({ what, onRetry }: { what: string; onRetry: () => void }) => (
  <EmptyState
    icon={IconCloudOff}
    title={`Could not load ${what}`}
    hint="Check your connection and try again."
    action={
      <Button mt="xs" variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
        Try again
      </Button>
    }
  />
);
