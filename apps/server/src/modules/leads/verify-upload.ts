import type { TVerifyUploadResponse } from '@sales-assist/contract';
import { CsvFileError } from './csv/read-csv';
import { countLeads } from './csv/read-leads';
import { invalidFile, NO_USABLE_ROWS } from './save-leads';

/** Spec §3 "verified row count": the rows a file will import, read as it arrives. */
export const verifyUpload = async (bytes: AsyncIterable<Uint8Array>): Promise<TVerifyUploadResponse> => {
  try {
    const counts = await countLeads(bytes);
    if (counts.rows === 0) throw invalidFile(NO_USABLE_ROWS);
    return counts;
  } catch (error) {
    if (error instanceof CsvFileError) throw invalidFile(error.message);
    throw error;
  }
};
