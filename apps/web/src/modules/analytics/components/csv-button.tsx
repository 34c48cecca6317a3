import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadCsv } from '../../../app/csv/download-csv';
import { tableCsv } from '../../../app/csv/table-csv';

type TCsvButtonProps = {
  fileName: string;
  header: readonly string[];
  rows: () => (string | number)[][];
  label?: string;
};

/** Saves the table beside it as a CSV file (formula-safe, UTF-8 with a byte order mark). */
export const CsvButton = ({ fileName, header, rows, label = 'Export CSV' }: TCsvButtonProps) => (
  <Button
    variant="default"
    size="xs"
    leftSection={<IconDownload size={16} />}
    onClick={() => downloadCsv(tableCsv(header, rows()), fileName)}
    aria-label={`${label}: ${fileName}`}
  >
    {label}
  </Button>
);
