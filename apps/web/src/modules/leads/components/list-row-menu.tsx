import { ActionIcon, Menu } from '@mantine/core';
import type { TList } from '@sales-assist/contract';
import { IconDots, IconFileExport, IconPencil, IconTrash } from '@tabler/icons-react';

type TListRowMenuProps = {
  list: TList;
  onExport: () => void;
  onRename: () => void;
  onDelete: () => void;
};

/** Spec §2 row menu: Export to CSV, Rename List, Delete. */
export const ListRowMenu = ({ list, onExport, onRename, onDelete }: TListRowMenuProps) => (
  <Menu position="bottom-end" shadow="md" width={190} withinPortal>
    <Menu.Target>
      <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${list.name}`}>
        <IconDots size={18} />
      </ActionIcon>
    </Menu.Target>
    <Menu.Dropdown>
      <Menu.Item leftSection={<IconFileExport size={16} />} onClick={onExport}>
        Export to CSV
      </Menu.Item>
      <Menu.Item leftSection={<IconPencil size={16} />} onClick={onRename}>
        Rename List
      </Menu.Item>
      <Menu.Divider />
      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
        Delete
      </Menu.Item>
    </Menu.Dropdown>
  </Menu>
);
