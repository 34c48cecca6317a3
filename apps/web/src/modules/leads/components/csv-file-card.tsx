import { Text } from '@mantine/core';
import type { TVerifyUploadResponse } from '@sales-assist/contract';
import { CheckedCsvFile } from '../../../ui/checked-csv-file';

type TCsvFileCardProps = { file: File; verified: TVerifyUploadResponse; onRemove: () => void };

/** The verified file: its name, the rows it will import, and the remove button (back to no file). */
export const CsvFileCard = ({ file, verified, onRemove }: TCsvFileCardProps) => (
  <CheckedCsvFile file={file} color="teal" onRemove={onRemove}>
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
  </CheckedCsvFile>
);
