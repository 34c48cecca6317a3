import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { PROMPT_PURPOSE_LABELS, type TAdminPrompt } from '@sales-assist/contract';
import { IconArchive, IconArchiveOff, IconHistory, IconPencil } from '@tabler/icons-react';
import { WideTable } from '../../../ui/wide-table';
import { useSetPromptRetired } from '../hooks/use-prompt-mutations';
import { authorOf } from './prompt-history-modal';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

type TPromptsTableProps = {
  prompts: TAdminPrompt[];
  /** Every prompt (not only the filtered ones): who takes over a purpose depends on all of them. */
  all: TAdminPrompt[];
  onEdit: (prompt: TAdminPrompt) => void;
  onHistory: (prompt: TAdminPrompt) => void;
};

/** In use: the one generation uses. Available: in service, but a newer prompt of its purpose is used. */
export const StatusBadge = ({ prompt }: { prompt: TAdminPrompt }) =>
  prompt.retired ? (
    <Badge variant="light" color="red">
      Retired
    </Badge>
  ) : prompt.in_use ? (
    <Tooltip label="Generation of this purpose uses this prompt" withArrow>
      <Badge variant="light" color="teal">
        In use
      </Badge>
    </Tooltip>
  ) : (
    <Tooltip label="In service, but a newer prompt of the same purpose is used" withArrow>
      <Badge variant="light" color="gray">
        Available
      </Badge>
    </Tooltip>
  );

/** The prompt of the same purpose that generation would use if `prompt` were retired. */
const nextInUse = (prompt: TAdminPrompt, all: TAdminPrompt[]): TAdminPrompt | undefined =>
  all
    .filter((other) => other.purpose === prompt.purpose && other.id !== prompt.id && !other.retired)
    .sort((a, b) => b.id - a.id)[0];

export const PromptsTable = ({ prompts, all, onEdit, onHistory }: TPromptsTableProps) => {
  const setRetired = useSetPromptRetired();

  // Both directions change what generation uses (or may): say how, and ask first.
  const confirmRetire = (prompt: TAdminPrompt) => {
    const next = prompt.in_use ? nextInUse(prompt, all) : undefined;
    modals.openConfirmModal({
      title: 'Retire this prompt?',
      children: (
        <Text size="sm">
          <b>{prompt.name}</b> will no longer be used to write anything; content written with it keeps its
          name.
          {next
            ? ` ${PROMPT_PURPOSE_LABELS[prompt.purpose]} generation will use "${next.name}" instead.`
            : ''}{' '}
          You can put it back in service at any time.
        </Text>
      ),
      labels: { confirm: 'Retire', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => setRetired.mutate({ id: prompt.id, retired: true }),
    });
  };
  const confirmRestore = (prompt: TAdminPrompt) => {
    const newest = nextInUse(prompt, all);
    const takesOver = !newest || newest.id < prompt.id;
    modals.openConfirmModal({
      title: 'Put this prompt back in service?',
      children: (
        <Text size="sm">
          <b>{prompt.name}</b>{' '}
          {takesOver
            ? `becomes the prompt in use for ${PROMPT_PURPOSE_LABELS[prompt.purpose]}: it is the newest of its purpose.`
            : `will be available again; "${newest?.name}" stays in use, being newer.`}
        </Text>
      ),
      labels: { confirm: 'Put back', cancel: 'Cancel' },
      onConfirm: () => setRetired.mutate({ id: prompt.id, retired: false }),
    });
  };

  return (
    <WideTable minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>ID</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Purpose</Table.Th>
            <Table.Th ta="right" w={80}>
              Version
            </Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last edit</Table.Th>
            <Table.Th w={130}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {prompts.map((prompt) => (
            <Table.Tr key={prompt.id} opacity={prompt.retired ? 0.65 : 1}>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {prompt.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {prompt.name}
                  </Text>
                  {prompt.built_in && (
                    <Badge size="xs" variant="light" color="grape">
                      Built-in
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{PROMPT_PURPOSE_LABELS[prompt.purpose]}</Text>
              </Table.Td>
              <Table.Td ta="right">{prompt.version}</Table.Td>
              <Table.Td>
                <StatusBadge prompt={prompt} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{dateFormat.format(new Date(prompt.updated_at))}</Text>
                <Text size="xs" c="dimmed">
                  {authorOf(prompt.updated_by, prompt.built_in, prompt.version)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Tooltip label="Edit" withArrow>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${prompt.name}`}
                      onClick={() => onEdit(prompt)}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Version history" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Version history of ${prompt.name}`}
                      onClick={() => onHistory(prompt)}
                    >
                      <IconHistory size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {prompt.retired ? (
                    <Tooltip label="Put back in service" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="teal"
                        aria-label={`Put ${prompt.name} back in service`}
                        onClick={() => confirmRestore(prompt)}
                      >
                        <IconArchiveOff size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ) : nextInUse(prompt, all) ? (
                    <Tooltip label="Retire" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Retire ${prompt.name}`}
                        onClick={() => confirmRetire(prompt)}
                      >
                        <IconArchive size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ) : (
                    // The server refuses to retire the last prompt of a purpose: say so before the click.
                    <Tooltip
                      label={`The only prompt in service for ${PROMPT_PURPOSE_LABELS[prompt.purpose]}: create another before retiring it`}
                      withArrow
                      multiline
                      maw={260}
                    >
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        data-disabled
                        aria-disabled
                        aria-label={`Retire ${prompt.name} (the only one of its purpose in service)`}
                        onClick={(event) => event.preventDefault()}
                      >
                        <IconArchive size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
};
