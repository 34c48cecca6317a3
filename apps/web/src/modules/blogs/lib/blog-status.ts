import type { TBlogStatus } from '@sales-assist/contract';

export const STATUS_LABELS: Record<TBlogStatus, string> = {
  generating: 'Writing',
  ready: 'Ready',
  failed: 'Failed',
};

export const STATUS_COLORS: Record<TBlogStatus, string> = {
  generating: 'blue',
  ready: 'teal',
  failed: 'red',
};

export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
