import type { FileRejection } from '@mantine/dropzone';
import { LEADS_MESSAGES } from '@sales-assist/contract';
import { toast } from '../app/api/toast';

/** What the file picker offers for a CSV file (some systems call it an Excel file). */
export const CSV_ACCEPT = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] };

const isCsvName = (name: string) => /\.csv$/i.test(name.trim());

/**
 * The drop and refusal handlers of a one-CSV-file dropzone (spec §5: a file must be chosen and its name must end
 * in .csv); `tooLarge` is the warning for a file over the size limit.
 */
export const csvFileDrop = (onFile: (file: File) => void, tooLarge: string) => ({
  onDrop: (files: File[]) => {
    const [file] = files;
    if (!file) return toast('warning', LEADS_MESSAGES.selectFile);
    if (!isCsvName(file.name)) return toast('warning', LEADS_MESSAGES.selectCsvFile);
    onFile(file);
  },
  onReject: (rejections: FileRejection[]) => {
    const [first] = rejections;
    if (!first) return toast('warning', LEADS_MESSAGES.selectFile);
    if (first.errors.some((error) => error.code === 'file-too-large')) return toast('warning', tooLarge);
    toast('warning', isCsvName(first.file.name) ? LEADS_MESSAGES.selectFile : LEADS_MESSAGES.selectCsvFile);
  },
});
