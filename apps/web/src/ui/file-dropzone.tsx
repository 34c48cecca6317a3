import '@mantine/dropzone/styles.css';
import { Button, Group, type MantineColor, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import type { Icon } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { DropzoneStateIcon } from './dropzone-state-icon';

type TFileDropzoneProps = {
  /** The drop area's accessible name, e.g. "Upload a CSV file". */
  label: string;
  /** File types and extensions the browser's file picker offers. */
  accept: Record<string, string[]>;
  maxSize: number;
  /** Files taken at once; 1 takes a single file. */
  maxFiles: number;
  loading: boolean;
  onDrop: (files: File[]) => void;
  onReject: (rejections: FileRejection[]) => void;
  icon: Icon;
  iconColor?: MantineColor;
  iconSize?: number;
  minHeight: number;
  /** "Drag & Drop your … here or Click on Browse to Upload". */
  title: ReactNode;
  /** What is taken: types, sizes. */
  hint: ReactNode;
};

/** A drop area that also opens the file picker on a click, with its Browse button under it. */
export const FileDropzone = ({
  label,
  accept,
  maxSize,
  maxFiles,
  loading,
  onDrop,
  onReject,
  icon,
  iconColor = 'blue',
  iconSize = 56,
  minHeight,
  title,
  hint,
}: TFileDropzoneProps) => {
  const openRef = useRef<() => void>(null);
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={onDrop}
        onReject={onReject}
        accept={accept}
        maxSize={maxSize}
        {...(maxFiles === 1 ? { multiple: false } : { maxFiles })}
        loading={loading}
        openRef={openRef}
        activateOnClick
        radius="lg"
        aria-label={label}
        style={{ borderWidth: 2 }}
      >
        <Stack align="center" justify="center" gap="sm" mih={minHeight} style={{ pointerEvents: 'none' }}>
          <DropzoneStateIcon idle={icon} idleColor={iconColor} size={iconSize} />
          <Text fw={600} ta="center">
            {title}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {hint}
          </Text>
        </Stack>
      </Dropzone>
      <Group justify="center">
        <Button variant="light" size="xs" onClick={() => openRef.current?.()} disabled={loading}>
          Browse
        </Button>
      </Group>
    </Stack>
  );
};
