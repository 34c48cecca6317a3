import '@mantine/dropzone/styles.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS, LEADS_MESSAGES } from '@sales-assist/contract';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useRef } from 'react';
import { toast } from '../../../app/api/toast';
import { DropzoneStateIcon } from '../../../ui/dropzone-state-icon';

const ACCEPT = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] };
const isCsvName = (name: string) => /\.csv$/i.test(name.trim());
const MB = CSV_IMPORT_MAX_BYTES / 1024 / 1024;

/** The upload area of Upload CSV: one .csv file (spec §5 messages), at most CSV_IMPORT_MAX_BYTES. */
export const ImportDropzone = ({ loading, onFile }: { loading: boolean; onFile: (file: File) => void }) => {
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
      return toast('warning', `The file is larger than ${MB} MB. Please split it and import the parts.`);
    }
    toast('warning', isCsvName(first.file.name) ? LEADS_MESSAGES.selectFile : LEADS_MESSAGES.selectCsvFile);
  };
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={take}
        onReject={reject}
        accept={ACCEPT}
        maxSize={CSV_IMPORT_MAX_BYTES}
        multiple={false}
        loading={loading}
        openRef={openRef}
        activateOnClick
        radius="lg"
        aria-label="Upload a CSV file"
        style={{ borderWidth: 2 }}
      >
        <Stack align="center" justify="center" gap="sm" mih={180} style={{ pointerEvents: 'none' }}>
          <DropzoneStateIcon idle={IconFileTypeCsv} size={56} />
          <Text fw={600} ta="center">
            Drag &amp; Drop your File here or Click on Browse to Upload
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            One .csv file, up to {MB} MB and {CSV_IMPORT_MAX_ROWS} rows
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
