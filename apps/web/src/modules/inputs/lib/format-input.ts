import type { TInput } from '@sales-assist/contract';

export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

const TYPE_LABELS: Record<string, string> = {
  'text/plain': 'Text',
  'text/markdown': 'Markdown',
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
};

/** "PDF", "Word", "Pasted"… for a badge. */
export const inputTypeLabel = (input: Pick<TInput, 'mime' | 'has_file' | 'kind'>): string =>
  input.kind === 'text' && !input.has_file ? 'Pasted' : (TYPE_LABELS[input.mime] ?? input.mime);

export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
