import { MAX_CSV_BYTES } from '@sales-assist/contract';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { CSV_ACCEPT, csvFileDrop } from '../../../ui/csv-file-drop';
import { FileDropzone } from '../../../ui/file-dropzone';

type TCsvDropzoneProps = { loading: boolean; onFile: (file: File) => void };

const MB = MAX_CSV_BYTES / 1024 / 1024;

/** Spec §2 upload area; §5: a file must be chosen and its name must end in .csv. */
export const CsvDropzone = ({ loading, onFile }: TCsvDropzoneProps) => (
  <FileDropzone
    label="Upload a CSV file"
    accept={CSV_ACCEPT}
    maxSize={MAX_CSV_BYTES}
    maxFiles={1}
    loading={loading}
    {...csvFileDrop(onFile, `The file is larger than ${MB} MB. Please split it.`)}
    icon={IconFileTypeCsv}
    iconSize={64}
    minHeight={200}
    title="Drag & Drop your File here or Click on Browse to Upload"
    hint={<>One .csv file, up to {MB} MB</>}
  />
);
