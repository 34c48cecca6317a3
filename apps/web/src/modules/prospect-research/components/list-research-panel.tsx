import { Badge, Button, Group, Paper, Progress, Select, Stack, Text } from '@mantine/core';
import { CALLS, type TResearchRun } from '@sales-assist/contract';
import { IconListSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../../app/api/call-api';
import { RESEARCH_KEY } from '../hooks/research-keys';
import { useResearchList, useResearchRuns } from '../hooks/use-research-runs';

const STATE_LOOK: Record<TResearchRun['state'], { label: string; color: string }> = {
  running: { label: 'Researching', color: 'blue' },
  waiting: { label: 'Stopped for today', color: 'orange' },
  done: { label: 'Done', color: 'teal' },
  stopped: { label: 'Stopped', color: 'red' },
};

const RunRow = ({ run }: { run: TResearchRun }) => {
  const handled = run.researched + run.failed;
  const look = STATE_LOOK[run.state];
  return (
    <Stack gap={4} data-testid="research-run">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600} truncate="end">
          {run.list_name}
        </Text>
        <Badge size="sm" variant="light" color={look.color} style={{ flexShrink: 0 }}>
          {look.label}
        </Badge>
      </Group>
      <Progress
        value={run.total > 0 ? (handled / run.total) * 100 : 0}
        color={look.color}
        animated={run.state === 'running'}
        aria-label={`${run.list_name}: ${handled} of ${run.total}`}
      />
      <Text size="xs" c="dimmed">
        {run.researched} of {run.total} researched{run.failed > 0 ? `, ${run.failed} could not be read` : ''}
      </Text>
      {run.message && (
        <Text size="xs" c={run.state === 'stopped' ? 'red' : 'dimmed'}>
          {run.message}
        </Text>
      )}
    </Stack>
  );
};

/** Research a whole list in the background, and the progress of the last runs. */
export const ListResearchPanel = () => {
  const lists = useQuery({
    queryKey: [...RESEARCH_KEY, 'lists'],
    queryFn: async () => (await callApi(CALLS.fetchAllLists, {})).lists,
  });
  const runs = useResearchRuns();
  const start = useResearchList();
  const queryClient = useQueryClient();
  // Leads a run has researched since the last look show as researched in the search beside it.
  const progress = (runs.data ?? []).map((run) => `${run.id}:${run.researched}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per change of the runs' progress
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: [...RESEARCH_KEY, 'leads'] });
  }, [progress, queryClient]);
  const [listId, setListId] = useState<string | null>(null);
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Text fw={600}>Research a whole list</Text>
        <Text size="xs" c="dimmed">
          Each lead is read in turn, at your LinkedIn account’s careful pace and within its daily limit of
          profile views.
        </Text>
        <Select
          placeholder={lists.isPending ? 'Loading lists…' : 'Select a list'}
          aria-label="List to research"
          data={(lists.data ?? []).map((list) => ({
            value: String(list.id),
            label: `${list.name} (${list.leadcount})`,
          }))}
          value={listId}
          onChange={setListId}
          searchable
          nothingFoundMessage="No list by that name"
        />
        <Button
          leftSection={<IconListSearch size={16} />}
          disabled={listId === null}
          loading={start.isPending}
          onClick={() => listId && start.mutate(Number(listId), { onSuccess: () => setListId(null) })}
        >
          Research list
        </Button>
        {(runs.data ?? []).length > 0 && (
          <Stack gap="md" mt="xs">
            {(runs.data ?? []).slice(0, 3).map((run) => (
              <RunRow key={run.id} run={run} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};
