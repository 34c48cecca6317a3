import { Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCrmTitle } from '../app/session/use-crm-title';
import { EditableTitle } from './editable-title';

type TListPageShellProps = {
  /** The page's heading (e.g. "Check Your Leads Here"). */
  title: string;
  /** The editable title over the table (default "CRM", kept per account); off for admin pages. */
  withCrmTitle?: boolean;
  searchPlaceholder?: string;
  search?: string;
  onSearchChange?: (value: string) => void;
  /** Beside the search box, e.g. the "All" filter. */
  filters?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
};

const CrmTitle = () => {
  const crm = useCrmTitle();
  return <EditableTitle value={crm.title} onSave={crm.rename} label="list title" />;
};

/** Spec §2 "List page shell": optional editable title (default "CRM"), search box, action buttons. */
export const ListPageShell = (props: TListPageShellProps) => {
  const { withCrmTitle = true, searchPlaceholder = 'Search List', search, onSearchChange } = props;
  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{props.title}</Title>
        {props.actions && <Group gap="sm">{props.actions}</Group>}
      </Group>
      <Card padding="lg">
        <Stack gap="md">
          {(withCrmTitle || onSearchChange) && (
            <Group justify="space-between" gap="sm" wrap="wrap">
              {withCrmTitle ? <CrmTitle /> : <span />}
              {onSearchChange && (
                <Group gap="sm" wrap="nowrap">
                  <TextInput
                    aria-label={searchPlaceholder}
                    placeholder={searchPlaceholder}
                    leftSection={<IconSearch size={16} />}
                    value={search ?? ''}
                    onChange={(event) => onSearchChange(event.currentTarget.value)}
                    w={{ base: '100%', sm: 280 }}
                  />
                  {props.filters}
                </Group>
              )}
            </Group>
          )}
          {props.children}
        </Stack>
      </Card>
    </Stack>
  );
};
