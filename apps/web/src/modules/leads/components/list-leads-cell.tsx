import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { TList } from '@sales-assist/contract';
import { useImportStatus } from '../hooks/use-import-status';

const ImportProgress = ({ list }: { list: TList }) => {
  const status = useImportStatus(list.id).data;
  // Only a CSV import that is still reading rows has a meaningful bar (a search import fills by pages).
  const running = status?.status === 'Importing...' && status.processed < status.total;
  const total = running ? status.total : 0;
  const value = total > 0 ? Math.min(100, ((status?.processed ?? 0) / total) * 100) : 0;
  return (
    <Stack gap={4} w={140}>
      <Group gap={6} wrap="nowrap">
        <Loader size={14} aria-label={`Importing into ${list.name}`} />
        {total > 0 && (
          <Text size="xs" c="dimmed">
            {Math.floor(value)}%
          </Text>
        )}
      </Group>
      {total > 0 && <Progress value={value} size="sm" animated aria-label={list.message} />}
    </Stack>
  );
};

/**
 * Spec §2: the count of leads, or a spinner (with the import's progress) while importing. An empty list
 * says why beside its 0 (a search that found nobody, an import that failed), not only in a tooltip.
 */
export const ListLeadsCell = ({ list }: { list: TList }) => {
  if (list.status === 'Importing...') return <ImportProgress list={list} />;
  return (
    <Stack gap={2} maw={260}>
      <Text size="sm" fw={500}>
        {list.leadcount.toLocaleString()}
      </Text>
      {list.leadcount === 0 && list.message && (
        <Text size="xs" c="dimmed" data-testid={`list-empty-reason-${list.id}`}>
          {list.message}
        </Text>
      )}
    </Stack>
  );
};
