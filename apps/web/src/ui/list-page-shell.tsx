import { ActionIcon, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

type TListPageShellProps = {
  title?: string;
  /** When given, the title can be edited in place; Enter saves. */
  onRename?: (title: string) => void;
  searchPlaceholder?: string;
  search?: string;
  onSearchChange?: (value: string) => void;
  /** Beside the search box, e.g. the "All" filter. */
  filters?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
};

/** Spec §2 "List page shell": optional editable title (default "CRM"), search box, action buttons. */
export const ListPageShell = (props: TListPageShellProps) => {
  const { title = 'CRM', onRename, searchPlaceholder = 'Search List', search, onSearchChange } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);

  const commit = () => {
    setEditing(false);
    const next = draft.trim();
    if (next && next !== title) onRename?.(next);
    else setDraft(title);
  };

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <Group justify="space-between" wrap="wrap" gap="sm">
        {editing ? (
          <TextInput
            aria-label="Title"
            value={draft}
            autoFocus
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'Enter' && commit()}
            onBlur={commit}
            rightSection={<IconCheck size={16} />}
          />
        ) : (
          <Group gap={6}>
            <Title order={2}>{title}</Title>
            {onRename && (
              <ActionIcon variant="subtle" color="gray" aria-label="Rename" onClick={() => setEditing(true)}>
                <IconPencil size={18} />
              </ActionIcon>
            )}
          </Group>
        )}
        {props.actions && <Group gap="sm">{props.actions}</Group>}
      </Group>
      <Card padding="lg">
        <Stack gap="md">
          {onSearchChange && (
            <Group gap="sm" wrap="nowrap">
              <TextInput
                aria-label={searchPlaceholder}
                placeholder={searchPlaceholder}
                leftSection={<IconSearch size={16} />}
                value={search ?? ''}
                onChange={(event) => onSearchChange(event.currentTarget.value)}
                w={{ base: '100%', sm: 320 }}
              />
              {props.filters}
            </Group>
          )}
          {props.children}
        </Stack>
      </Card>
    </Stack>
  );
};
