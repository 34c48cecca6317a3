import type { TVerifyUploadResponse } from '@sales-assist/contract';
import { CsvFileError } from './csv/read-csv';
import { countLeads } from './csv/read-leads';
import { invalidFile, noUsableRows } from './save-leads';

/** Spec §3 "verified row count": the rows a file will import, read as it arrives. */
export const verifyUpload = async (bytes: AsyncIterable<Uint8Array>): Promise<TVerifyUploadResponse> => {
  try {
    const { rows, skipped, duplicates, salesNavigator } = await countLeads(bytes);
    if (rows === 0) throw noUsableRows(salesNavigator);
    return { rows, skipped, duplicates };
  } catch (error) {
    if (error instanceof CsvFileError) throw invalidFile(error.message);
    throw error;
  }
};
