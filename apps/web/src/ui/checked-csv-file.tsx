import { ActionIcon, Group, type MantineColor, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconFileTypeCsv, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const sizeOf = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type TCheckedCsvFileProps = {
  file: File;
  /** The icon's colour: how the check went. */
  color: MantineColor;
  /** After the size, e.g. "12 rows". */
  details?: ReactNode;
  onRemove: () => void;
  /** Under the file: what importing it will do. */
  children: ReactNode;
};

/** A checked CSV file: its name and size, the remove button (back to no file) and what it will import. */
export const CheckedCsvFile = ({ file, color, details, onRemove, children }: TCheckedCsvFileProps) => (
  <Paper withBorder p="md" radius="md">
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          <IconFileTypeCsv size={26} />
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate="end">
            {file.name}
          </Text>
          <Text size="sm" c="dimmed">
            {sizeOf(file.size)}
            {details && <> · {details}</>}
          </Text>
        </Stack>
      </Group>
      <Tooltip label="Remove file" withArrow>
        <ActionIcon variant="subtle" color="red" size="lg" aria-label="Remove file" onClick={onRemove}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
    {children}
  </Paper>
);
