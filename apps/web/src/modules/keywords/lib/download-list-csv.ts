import { fetchApiBlob } from '../../../app/api/fetch-blob';
import { toast } from '../../../app/api/toast';

/** The list's file name as the server names it (keywords-<name>.csv). */
export const keywordCsvFileName = (name: string): string => {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `keywords-${slug || 'list'}.csv`;
};

/** Downloads a saved list as CSV (the export needs the bearer token, so it is fetched, then saved). */
export const downloadListCsv = async (list: { id: number; name: string }): Promise<void> => {
  try {
    const blob = await fetchApiBlob(`/keywords/lists/${list.id}/export`);
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
