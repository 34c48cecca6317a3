import { CALLS, keywordCsvFileName } from '@sales-assist/contract';
import { pathOf } from '../../../app/api/call-api';
import { fetchApiBlob } from '../../../app/api/fetch-blob';
import { toast } from '../../../app/api/toast';

/** Downloads a saved list as CSV (the export needs the bearer token, so it is fetched, then saved). */
export const downloadListCsv = async (list: { id: number; name: string }): Promise<void> => {
  try {
    const blob = await fetchApiBlob(pathOf(CALLS.exportKeywordList, { id: list.id }));
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = keywordCsvFileName(list.name);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    toast('error', 'The list could not be exported. Please try again.');
  }
};
