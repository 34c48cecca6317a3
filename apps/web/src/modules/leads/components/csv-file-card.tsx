import { ActionIcon, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { TVerifyUploadResponse } from '@sales-assist/contract';
import { IconFileTypeCsv, IconTrash } from '@tabler/icons-react';

type TCsvFileCardProps = { file: File; verified: TVerifyUploadResponse; onRemove: () => void };

const sizeOf = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The verified file: its name, the rows it will import, and the remove button (back to no file). */
export const CsvFileCard = ({ file, verified, onRemove }: TCsvFileCardProps) => (
  <Paper withBorder p="md" radius="md">
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ThemeIcon size={44} radius="md" variant="light" color="teal">
          <IconFileTypeCsv size={26} />
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate="end">
            {file.name}
          </Text>
          <Text size="sm" c="dimmed">
            {sizeOf(file.size)}
          </Text>
        </Stack>
      </Group>
      <Tooltip label="Remove file" withArrow>
        <ActionIcon variant="subtle" color="red" size="lg" aria-label="Remove file" onClick={onRemove}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
    <Text mt="sm" fw={600} c="blue.8">
      {verified.rows.toLocaleString()} Lead(s) Import from csv file
    </Text>
    {(verified.skipped > 0 || verified.duplicates > 0) && (
      <Text size="sm" c="dimmed">
        {[
          verified.skipped > 0 &&
            `${verified.skipped.toLocaleString()} row(s) without a LinkedIn profile URL will be skipped`,
          verified.duplicates > 0 && `${verified.duplicates.toLocaleString()} repeated row(s) count once`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    )}
  </Paper>
);
