import '@mantine/dropzone/styles.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { LEADS_MESSAGES, MAX_CSV_BYTES } from '@sales-assist/contract';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useRef } from 'react';
import { toast } from '../../../app/api/toast';
import { DropzoneStateIcon } from '../../../ui/dropzone-state-icon';

type TCsvDropzoneProps = { loading: boolean; onFile: (file: File) => void };

const ACCEPT = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] };
const isCsvName = (name: string) => /\.csv$/i.test(name.trim());

/** Spec §2 upload area; §5: a file must be chosen and its name must end in .csv. */
export const CsvDropzone = ({ loading, onFile }: TCsvDropzoneProps) => {
  const openRef = useRef<() => void>(null);
  const take = (files: File[]) => {
    const [file] = files;
    if (!file) return toast('warning', LEADS_MESSAGES.selectFile);
    if (!isCsvName(file.name)) return toast('warning', LEADS_MESSAGES.selectCsvFile);
    onFile(file);
  };
  const reject = (rejections: FileRejection[]) => {
    const [first] = rejections;
    if (!first) return toast('warning', LEADS_MESSAGES.selectFile);
    if (first.errors.some((error) => error.code === 'file-too-large')) {
      return toast('warning', `The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB. Please split it.`);
    }
    toast('warning', isCsvName(first.file.name) ? LEADS_MESSAGES.selectFile : LEADS_MESSAGES.selectCsvFile);
  };

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={take}
        onReject={reject}
        accept={ACCEPT}
        maxSize={MAX_CSV_BYTES}
        multiple={false}
        loading={loading}
        openRef={openRef}
        activateOnClick
        radius="lg"
        aria-label="Upload a CSV file"
        style={{ borderWidth: 2 }}
      >
        <Stack align="center" justify="center" gap="sm" mih={200} style={{ pointerEvents: 'none' }}>
          <DropzoneStateIcon idle={IconFileTypeCsv} size={64} />
          <Text fw={600} ta="center">
            Drag &amp; Drop your File here or Click on Browse to Upload
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            One .csv file, up to {MAX_CSV_BYTES / 1024 / 1024} MB
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
