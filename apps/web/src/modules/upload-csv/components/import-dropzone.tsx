import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from '@sales-assist/contract';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { CSV_ACCEPT, csvFileDrop } from '../../../ui/csv-file-drop';
import { FileDropzone } from '../../../ui/file-dropzone';

const MB = CSV_IMPORT_MAX_BYTES / 1024 / 1024;

/** The upload area of Upload CSV: one .csv file (spec §5 messages), at most CSV_IMPORT_MAX_BYTES. */
export const ImportDropzone = ({ loading, onFile }: { loading: boolean; onFile: (file: File) => void }) => (
  <FileDropzone
    label="Upload a CSV file"
    accept={CSV_ACCEPT}
    maxSize={CSV_IMPORT_MAX_BYTES}
    maxFiles={1}
    loading={loading}
    {...csvFileDrop(onFile, `The file is larger than ${MB} MB. Please split it and import the parts.`)}
    icon={IconFileTypeCsv}
    iconSize={56}
    minHeight={180}
    title="Drag & Drop your File here or Click on Browse to Upload"
    hint={
      <>
        One .csv file, up to {MB} MB and {CSV_IMPORT_MAX_ROWS} rows
      </>
    }
  />
);
