import { ActionIcon, Menu } from '@mantine/core';
import type { TInput } from '@sales-assist/contract';
import { IconDots, IconDownload, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';

type TInputRowMenuProps = {
  input: TInput;
  onView: () => void;
  onRename: () => void;
  onDownload: () => void;
  onDelete: () => void;
};

/** View, Rename, Download (uploads only), Delete. */
export const InputRowMenu = ({ input, onView, onRename, onDownload, onDelete }: TInputRowMenuProps) => (
  <Menu position="bottom-end" shadow="md" width={190} withinPortal>
    <Menu.Target>
      <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${input.name}`}>
        <IconDots size={18} />
      </ActionIcon>
    </Menu.Target>
    <Menu.Dropdown>
      <Menu.Item leftSection={<IconEye size={16} />} onClick={onView}>
        {input.kind === 'text' ? 'View text' : 'Preview'}
      </Menu.Item>
      <Menu.Item leftSection={<IconPencil size={16} />} onClick={onRename}>
        Rename
      </Menu.Item>
      {input.has_file && (
        <Menu.Item leftSection={<IconDownload size={16} />} onClick={onDownload}>
          Download
        </Menu.Item>
      )}
      <Menu.Divider />
      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
        Delete
      </Menu.Item>
    </Menu.Dropdown>
  </Menu>
);
