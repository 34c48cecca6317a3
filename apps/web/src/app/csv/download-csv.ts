/** Spec §9: exports are saved as data.csv. */
export const CSV_FILE_NAME = 'data.csv';

/** Saves CSV text as a file; the BOM makes spreadsheets read it as UTF-8. */
export const downloadCsv = (csv: string, fileName = CSV_FILE_NAME): void => {
  const text = csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
