import { Anchor, Badge, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TInput } from '@sales-assist/contract';
import { WideTable } from '../../../ui/wide-table';
import { formatBytes, formatDate, inputTypeLabel } from '../lib/format-input';
import { InputRowMenu } from './input-row-menu';

type TTextInputsTableProps = {
  inputs: TInput[];
  onView: (input: TInput) => void;
  onRename: (input: TInput) => void;
  onDownload: (input: TInput) => void;
  onDelete: (input: TInput) => void;
};

/** Name (opens the text) with the beginning of the text, type, length, date and the row menu. */
export const TextInputsTable = ({
  inputs,
  onView,
  onRename,
  onDownload,
  onDelete,
}: TTextInputsTableProps) => (
  <WideTable minWidth={640}>
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th w={110}>Type</Table.Th>
          <Table.Th w={150}>Size</Table.Th>
          <Table.Th w={130}>Added</Table.Th>
          <Table.Th w={60}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {inputs.map((input) => (
          <Table.Tr key={input.id}>
            <Table.Td maw={0}>
              <Stack gap={2}>
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  ta="left"
                  onClick={() => onView(input)}
                  truncate
                >
                  {input.name}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {input.excerpt}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={input.has_file ? 'blue' : 'gray'}>
                {inputTypeLabel(input)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{(input.characters ?? 0).toLocaleString('en-US')} characters</Text>
              {input.has_file && (
                <Text size="xs" c="dimmed">
                  {formatBytes(input.size_bytes)} file
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDate(input.created_at)}</Text>
            </Table.Td>
            <Table.Td>
              <InputRowMenu
                input={input}
                onView={() => onView(input)}
                onRename={() => onRename(input)}
                onDownload={() => onDownload(input)}
                onDelete={() => onDelete(input)}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </WideTable>
);
