import { Button, Select, Stack, Text } from '@mantine/core';
import {
  PROMPT_PURPOSE_LABELS,
  PROMPT_PURPOSES,
  type TAdminPrompt,
  type TPromptPurpose,
} from '@sales-assist/contract';
import { IconMessageCode, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { ListPageShell } from '../../../ui/list-page-shell';
import { LoadFailed } from '../../../ui/load-failed';
import { TableSkeleton } from '../../../ui/table-skeleton';
import { PromptEditorDrawer } from '../components/prompt-editor-drawer';
import { PromptHistoryModal } from '../components/prompt-history-modal';
import { PromptsTable } from '../components/prompts-table';
import { useAdminPrompts } from '../hooks/use-admin-prompts';

type TStatusFilter = 'service' | 'retired' | 'all';

const PURPOSE_FILTER = [
  { value: 'all', label: 'All purposes' },
  ...PROMPT_PURPOSES.map((purpose) => ({ value: purpose, label: PROMPT_PURPOSE_LABELS[purpose] })),
];
const STATUS_FILTER = [
  { value: 'service', label: 'In service' },
  { value: 'retired', label: 'Retired' },
  { value: 'all', label: 'All statuses' },
];

const matches = (prompt: TAdminPrompt, search: string, purpose: string, status: TStatusFilter): boolean => {
  if (purpose !== 'all' && prompt.purpose !== purpose) return false;
  if (status === 'service' && prompt.retired) return false;
  if (status === 'retired' && !prompt.retired) return false;
  if (!search) return true;
  const needle = search.toLowerCase();
  return (
    prompt.name.toLowerCase().includes(needle) ||
    prompt.text.toLowerCase().includes(needle) ||
    String(prompt.id) === needle
  );
};

/**
 * /admin/promptsmanagement: the prompts that drive every kind of content. Which one a purpose uses is
 * shown ("In use": the newest in service); an edit, a new prompt, a retirement or a restored version
 * changes the next generation.
 */
export const PromptsManagementPage = () => {
  const prompts = useAdminPrompts();
  const [search, setSearch] = useState('');
  const [purpose, setPurpose] = useState<TPromptPurpose | 'all'>('all');
  const [status, setStatus] = useState<TStatusFilter>('service');
  // The editor follows the list's copy of the prompt, so it learns of newer versions (stale saves).
  // Closing keeps the prompt (the drawer slides out showing it); each opening starts a fresh form.
  const [editor, setEditor] = useState({ id: null as number | null, opened: false, session: 0 });
  const [history, setHistory] = useState({ id: null as number | null, opened: false });
  const openEditor = (id: number | null) =>
    setEditor((current) => ({ id, opened: true, session: current.session + 1 }));

  const all = prompts.data ?? [];
  const shown = all.filter((prompt) => matches(prompt, search.trim(), purpose, status));
  const byId = (id: number | null) => all.find((prompt) => prompt.id === id) ?? null;
  const filtered = search.trim() !== '' || purpose !== 'all' || status !== 'service';

  return (
    <ListPageShell
      title="Prompts Management"
      withCrmTitle={false}
      searchPlaceholder="Search Prompts"
      search={search}
      onSearchChange={setSearch}
      filters={
        <>
          <Select
            aria-label="Purpose"
            data={PURPOSE_FILTER}
            value={purpose}
            allowDeselect={false}
            onChange={(value) => setPurpose((value ?? 'all') as TPromptPurpose | 'all')}
            w={190}
          />
          <Select
            aria-label="Status"
            data={STATUS_FILTER}
            value={status}
            allowDeselect={false}
            onChange={(value) => setStatus((value ?? 'service') as TStatusFilter)}
            w={150}
          />
        </>
      }
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => openEditor(null)}>
          New prompt
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        Each kind of content is written with the newest prompt of its purpose that is in service (marked In
        use). Every save is kept as a version you can restore.
      </Text>
      {prompts.isPending ? (
        <TableSkeleton rows={6} />
      ) : prompts.isError ? (
        <LoadFailed what="the prompts" onRetry={() => prompts.refetch()} />
      ) : shown.length > 0 ? (
        <PromptsTable
          prompts={shown}
          all={all}
          onEdit={(prompt) => openEditor(prompt.id)}
          onHistory={(prompt) => setHistory({ id: prompt.id, opened: true })}
        />
      ) : (
        <Stack>
          <EmptyState
            icon={IconMessageCode}
            title={filtered ? 'No prompts match' : 'No prompts yet'}
            hint={
              filtered
                ? 'Try another search, purpose or status.'
                : 'The built-in prompts are added when the server starts; you can also write your own.'
            }
          />
        </Stack>
      )}
      <PromptEditorDrawer
        opened={editor.opened}
        prompt={byId(editor.id)}
        session={editor.session}
        onClose={() => setEditor((current) => ({ ...current, opened: false }))}
      />
      <PromptHistoryModal
        opened={history.opened}
        prompt={byId(history.id)}
        onClose={() => setHistory((current) => ({ ...current, opened: false }))}
      />
    </ListPageShell>
  );
};
