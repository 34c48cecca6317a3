import { Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TList } from '@sales-assist/contract';
import { useState } from 'react';
import { WideTable } from '../../../ui/wide-table';
import { useDeleteList } from '../hooks/use-delete-list';
import { useExportList } from '../hooks/use-export-list';
import { useRenameList } from '../hooks/use-rename-list';
import { ListLeadsCell } from './list-leads-cell';
import { ListNameCell } from './list-name-cell';
import { ListRowMenu } from './list-row-menu';
import { ListStatusBadge } from './list-status-badge';

/** Spec §2 lists table: List Name, Status, Leads and the row menu. */
export const ListsTable = ({ lists }: { lists: TList[] }) => {
  const [editingId, setEditingId] = useState<number | null>(null);
  const rename = useRenameList();
  const remove = useDeleteList();
  const exportList = useExportList();

  const confirmDelete = (list: TList) =>
    modals.openConfirmModal({
      title: `Delete "${list.name}"?`,
      centered: true,
      children: (
        <Text size="sm">
          The list and its {list.leadcount.toLocaleString()} lead{list.leadcount === 1 ? '' : 's'} will be
          deleted. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(list.id),
    });

  return (
    <WideTable minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>List Name</Table.Th>
            <Table.Th w={200}>Status</Table.Th>
            <Table.Th w={180}>Leads</Table.Th>
            <Table.Th w={60}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lists.map((list) => (
            <Table.Tr key={list.id}>
              <Table.Td>
                <ListNameCell
                  list={list}
                  editing={editingId === list.id}
                  onRename={(newName) =>
                    rename.mutate({ id: list.id, new_name: newName, old_name: list.name })
                  }
                  onDone={() => setEditingId(null)}
                />
              </Table.Td>
              <Table.Td>
                <ListStatusBadge list={list} />
              </Table.Td>
              <Table.Td>
                <ListLeadsCell list={list} />
              </Table.Td>
              <Table.Td ta="right">
                <ListRowMenu
                  list={list}
                  onExport={() => exportList.mutate(list.id)}
                  onRename={() => setEditingId(list.id)}
                  onDelete={() => confirmDelete(list)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
};
