import { Alert, Badge, ColorSwatch, Group, List, Stack, Table, Text } from '@mantine/core';
import type { TCsvLineError, TCsvVerifyResponse } from '@sales-assist/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CheckedCsvFile } from '../../../ui/checked-csv-file';
import { WideTable } from '../../../ui/wide-table';

/** The lines that stop an import, each "line N: …". */
export const LineErrors = ({ errors, more }: { errors: TCsvLineError[]; more: number }) => (
  <Alert
    color="red"
    variant="light"
    radius="md"
    icon={<IconAlertTriangle />}
    title="Lines to correct before saving"
  >
    <List size="sm" spacing={2} aria-label="Line errors">
      {errors.map((error) => (
        <List.Item key={`${error.line}-${error.message}`}>{error.message}</List.Item>
      ))}
    </List>
    {more > 0 && (
      <Text size="sm" mt="xs">
        … and {more} more.
      </Text>
    )}
  </Alert>
);

type TVerifyResultProps = { file: File; result: TCsvVerifyResponse; onRemove: () => void };

/** The verified file: its name and size, what Save would do, the line errors and a preview of the first rows. */
export const VerifyResult = ({ file, result, onRemove }: TVerifyResultProps) => (
  <Stack gap="md">
    <CheckedCsvFile
      file={file}
      color={result.ready ? 'teal' : 'red'}
      details={
        <>
          {result.rows} row{result.rows === 1 ? '' : 's'}
        </>
      }
      onRemove={onRemove}
    >
      <Text mt="sm" fw={600} c={result.ready ? 'teal.8' : 'red.8'} role="status">
        {result.ready
          ? `Ready: ${result.creates} to create${result.kind === 'prompts' ? `, ${result.updates} to update` : ''}`
          : `${result.errors.length + result.more_errors} error${result.errors.length + result.more_errors === 1 ? '' : 's'}: nothing will be saved until every line is correct`}
      </Text>
    </CheckedCsvFile>
    {result.errors.length > 0 && <LineErrors errors={result.errors} more={result.more_errors} />}
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Preview of the first {result.preview.length} row{result.preview.length === 1 ? '' : 's'}
      </Text>
      <WideTable minWidth={Math.max(600, result.columns.length * 140)}>
        <Table striped withTableBorder fz="xs" aria-label="Preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Action</Table.Th>
              {result.columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.preview.map((row) => {
              const failed = result.errors.some((error) => error.line === row.line);
              return (
                <Table.Tr key={row.line} bg={failed ? 'red.0' : undefined}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>
                    <Badge
                      size="xs"
                      variant="light"
                      color={failed ? 'red' : row.action === 'create' ? 'teal' : 'blue'}
                    >
                      {failed ? 'error' : row.action}
                    </Badge>
                  </Table.Td>
                  {result.columns.map((column) => (
                    <Table.Td
                      key={column}
                      maw={320}
                      style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}
                    >
                      {/^#[0-9a-fA-F]{6}$/.test(row.cells[column] ?? '') ? (
                        <Group gap={6} wrap="nowrap">
                          <ColorSwatch color={row.cells[column] as string} size={14} aria-hidden />
                          {row.cells[column]}
                        </Group>
                      ) : (
                        row.cells[column]
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </WideTable>
    </Stack>
  </Stack>
);
