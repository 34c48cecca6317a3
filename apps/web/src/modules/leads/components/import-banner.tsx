import { Alert, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LEADS_KEY } from '../hooks/leads-keys';
import { useImportStatus } from '../hooks/use-import-status';

export type TRecentImport = { listId: number; listName: string };

const number = (value: number) => value.toLocaleString();

/**
 * After "Next" the file imports in the background: this follows it on the all-leads screen and
 * refreshes the tables when it is done.
 */
export const ImportBanner = ({ recent, onClose }: { recent: TRecentImport; onClose: () => void }) => {
  const queryClient = useQueryClient();
  const { data } = useImportStatus(recent.listId);
  const running = !data || data.status === 'Importing...';

  useEffect(() => {
    if (!running) void queryClient.invalidateQueries({ queryKey: LEADS_KEY });
  }, [running, queryClient]);

  if (running) {
    const value = data && data.total > 0 ? Math.min(100, (data.processed / data.total) * 100) : 0;
    return (
      <Alert
        variant="light"
        color="blue"
        icon={<Loader size={18} />}
        title={`Importing into "${recent.listName}"`}
      >
        <Stack gap={6}>
          <Text size="sm">
            {data && data.total > 0
              ? `${number(data.processed)} of ${number(data.total)} rows read`
              : 'Reading your file…'}
          </Text>
          <Progress value={value} animated aria-label="Import progress" />
        </Stack>
      </Alert>
    );
  }
  if (data.status === 'Error') {
    return (
      <Alert
        variant="light"
        color="red"
        icon={<IconAlertTriangle />}
        title={`The import into "${recent.listName}" failed`}
        withCloseButton
        onClose={onClose}
      >
        {data.message}
      </Alert>
    );
  }
  // A notice (characters the file's encoding could not read, Sales Navigator links skipped) is part of
  // the result: the counts alone would say all went well.
  return (
    <Alert
      variant="light"
      color={data.notice ? 'yellow' : 'teal'}
      icon={data.notice ? <IconAlertTriangle /> : <IconCircleCheck />}
      title={`Import into "${recent.listName}" finished`}
      withCloseButton
      onClose={onClose}
    >
      <Stack gap={6}>
        <Group gap="lg">
          <Text size="sm">{number(data.imported)} imported</Text>
          {data.skipped > 0 && (
            <Text size="sm">{number(data.skipped)} skipped (no LinkedIn profile URL)</Text>
          )}
          {data.total - data.skipped - data.imported > 0 && (
            <Text size="sm">{number(data.total - data.skipped - data.imported)} already in the list</Text>
          )}
        </Group>
        {data.notice && (
          <Text size="sm" role="note">
            {data.notice}
          </Text>
        )}
      </Stack>
    </Alert>
  );
};
