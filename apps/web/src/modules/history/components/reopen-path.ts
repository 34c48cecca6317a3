import type { THistoryItem } from '@sales-assist/contract';

/** Where an item opens: its own screen's editor, or the screen that lists it. */
export const reopenPath = (item: Pick<THistoryItem, 'id' | 'kind'>): string | null => {
  switch (item.kind) {
    case 'blog':
      return `/website-content?post=${item.id}`;
    case 'blog_topic':
      return '/website-content';
    case 'linkedin_post':
      return `/linkedin?post=${item.id}`;
    case 'social_post':
      return `/socials/content?post=${item.id}`;
    case 'google_ad':
      return `/advertising/google-ads?ad=${item.id}`;
    case 'keywords':
      return `/advertising/keywords?list=${item.id}`;
    default:
      return null;
  }
};
