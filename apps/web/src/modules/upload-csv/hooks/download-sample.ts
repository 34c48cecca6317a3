import { CALLS, type TCsvImportKind } from '@sales-assist/contract';
import { pathOf } from '../../../app/api/call-api';
import { fetchApiBlob } from '../../../app/api/fetch-blob';
import { toast } from '../../../app/api/toast';

/** The sample file of `kind`, fetched with the admin's token and handed to the browser as a download. */
export const downloadSample = async (kind: TCsvImportKind): Promise<void> => {
  try {
    const blob = await fetchApiBlob(pathOf(CALLS.getAdminCsvSample, { kind }));
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `sample-${kind}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    toast('error', 'The sample file could not be downloaded. Please try again.');
  }
};
