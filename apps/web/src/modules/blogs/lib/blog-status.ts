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

/** A ready post the writer could not fit to what was asked shows this instead of "Ready" (its notes say why). */
export const NEEDS_REVIEW = { label: 'Needs review', color: 'orange' } as const;

export const statusBadgeOf = (blog: {
  status: TBlogStatus;
  review: string[];
}): { label: string; color: string } =>
  blog.status === 'ready' && blog.review.length > 0
    ? NEEDS_REVIEW
    : { label: STATUS_LABELS[blog.status], color: STATUS_COLORS[blog.status] };
