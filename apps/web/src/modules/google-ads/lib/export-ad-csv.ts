import { CALLS, googleAdCsvFileName } from '@sales-assist/contract';
import { pathOf } from '../../../app/api/call-api';
import { fetchApiBlob } from '../../../app/api/fetch-blob';
import { toast } from '../../../app/api/toast';

/** Downloads the ad in Google Ads Editor's CSV columns, as the server writes it (formula-safe). */
export const exportAdCsv = async (id: number): Promise<void> => {
  try {
    const blob = await fetchApiBlob(pathOf(CALLS.getGoogleAdCsv, { id }));
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = googleAdCsvFileName(id);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    // Give the browser a moment to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch {
    toast('error', 'The CSV file could not be downloaded. Please try again.');
  }
};
