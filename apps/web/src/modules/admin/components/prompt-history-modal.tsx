import {
  Badge,
  Box,
  Button,
  Card,
  Code,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TAdminPrompt, TPromptVersion } from '@sales-assist/contract';
import { IconHistory, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { TableSkeleton } from '../../../ui/table-skeleton';
import { usePromptVersions } from '../hooks/use-admin-prompts';
import { useRestorePromptVersion } from '../hooks/use-prompt-mutations';
import { changedParts, lineDiff } from './line-diff';

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

type TPromptHistoryModalProps = { opened: boolean; prompt: TAdminPrompt | null; onClose: () => void };

export const authorOf = (by: string | null, builtIn: boolean, version: number): string =>
  by ?? (builtIn && version === 1 ? 'Built in' : 'A deleted account');

/**
 * Every version of a prompt, newest first: who wrote it, when, and its text. Restoring an earlier one
 * makes its text the newest version (nothing is lost: the replaced text joins the history).
 */
export const PromptHistoryModal = ({ opened, prompt, onClose }: TPromptHistoryModalProps) => {
  const versions = usePromptVersions(opened ? (prompt?.id ?? null) : null);
  const restore = useRestorePromptVersion();

  const confirmRestore = (version: TPromptVersion) => {
    if (!prompt) return;
    modals.openConfirmModal({
      title: `Restore version ${version.version}?`,
      children: (
        <Text size="sm">
          {`Its text becomes version ${prompt.version + 1} of "${prompt.name}" and is used from the next generation on. Version ${prompt.version} stays in the history.`}
        </Text>
      ),
      labels: { confirm: 'Restore', cancel: 'Cancel' },
      onConfirm: () =>
        restore.mutate({ id: prompt.id, from_version: version.version, version: prompt.version }),
    });
  };

  return (
    <Modal
      opened={opened && prompt !== null}
      onClose={onClose}
      size="xl"
      radius="lg"
      title={<Text fw={700}>{prompt ? `Version history · ${prompt.name}` : 'Version history'}</Text>}
    >
      {versions.isPending ? (
        <TableSkeleton rows={3} />
      ) : versions.isError ? (
        <LoadFailed what="the history" onRetry={() => versions.refetch()} />
      ) : versions.data.length <= 1 ? (
        <Stack>
          <EmptyState
            icon={IconHistory}
            title="No earlier versions yet"
            hint="Every save keeps the text it replaces here, with who wrote it and when."
          />
          {versions.data[0] && <VersionCard version={versions.data[0]} prompt={prompt} />}
        </Stack>
      ) : (
        <Stack gap="sm">
          {versions.data.map((version, index) => (
            <VersionCard
              key={version.version}
              version={version}
              previousText={versions.data[index + 1]?.text}
              prompt={prompt}
              onRestore={version.current ? undefined : () => confirmRestore(version)}
              restoring={restore.isPending && restore.variables?.from_version === version.version}
            />
          ))}
        </Stack>
      )}
    </Modal>
  );
};

type TVersionCardProps = {
  version: TPromptVersion;
  /** The text this version replaced: its changes are shown first. */
  previousText?: string | undefined;
  prompt: TAdminPrompt | null;
  onRestore?: (() => void) | undefined;
  restoring?: boolean;
};

const VersionCard = ({ version, previousText, prompt, onRestore, restoring = false }: TVersionCardProps) => {
  const [view, setView] = useState<'changes' | 'text'>('changes');
  const showChanges = previousText !== undefined && view === 'changes';
  return (
    <Card component="section" padding="md" aria-label={`Version ${version.version}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Group gap="xs">
              <Text fw={600}>{`Version ${version.version}`}</Text>
              {version.current && (
                <Badge size="sm" variant="light" color="teal">
                  Current
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {`${authorOf(version.edited_by, prompt?.built_in ?? false, version.version)} · ${dateTime.format(new Date(version.edited_at))}`}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {previousText !== undefined && (
              <SegmentedControl
                size="xs"
                value={view}
                onChange={(value) => setView(value as 'changes' | 'text')}
                data={[
                  { value: 'changes', label: 'Changes' },
                  { value: 'text', label: 'Full text' },
                ]}
                aria-label={`Show version ${version.version} as`}
              />
            )}
            {onRestore && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRestore size={14} />}
                loading={restoring}
                onClick={onRestore}
                aria-label={`Restore version ${version.version}`}
              >
                Restore
              </Button>
            )}
          </Group>
        </Group>
        {prompt && version.name !== prompt.name && (
          <Text size="xs" c="dimmed">{`Named "${version.name}" then`}</Text>
        )}
        <ScrollArea.Autosize mah={220} type="auto">
          {showChanges ? (
            <Changes before={previousText} after={version.text} />
          ) : (
            <Code block style={{ whiteSpace: 'pre-wrap' }}>
              {version.text}
            </Code>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Card>
  );
};

const LINE_STYLES = {
  added: { background: 'var(--mantine-color-teal-light)', sign: '+' },
  removed: { background: 'var(--mantine-color-red-light)', sign: '−' },
  same: { background: undefined, sign: ' ' },
} as const;

/** What this version changed in the text before it: changed lines with one line around each. */
const Changes = ({ before, after }: { before: string; after: string }) => {
  const parts = changedParts(lineDiff(before, after));
  if (!parts.some((part) => part.kind === 'added' || part.kind === 'removed')) {
    return (
      <Text size="sm" c="dimmed">
        Same text as the version before (the name changed).
      </Text>
    );
  }
  return (
    <Code block p={0} aria-label="Changes from the version before">
      {parts.map((part, index) =>
        part.kind === 'skipped' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of a diff have no identity but their place
          <Box key={index} px="sm" py={2} c="dimmed" fs="italic">
            {`… ${part.count} unchanged line${part.count > 1 ? 's' : ''}`}
          </Box>
        ) : (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a diff have no identity but their place
            key={index}
            px="sm"
            style={{ background: LINE_STYLES[part.kind].background, whiteSpace: 'pre-wrap' }}
          >
            {`${LINE_STYLES[part.kind].sign} ${part.text || ' '}`}
          </Box>
        ),
      )}
    </Code>
  );
};
