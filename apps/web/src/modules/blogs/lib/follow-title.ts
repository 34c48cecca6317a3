import { slugOfTitle } from '@sales-assist/contract';

/**
 * The slug after a title edit: it follows the title while it is still the slug the title makes (the
 * writer's, or empty); one the person typed (or saved) that differs is theirs, and stays.
 */
export const slugAfterTitleEdit = (previousTitle: string, slug: string, nextTitle: string): string =>
  slug === '' || slug === slugOfTitle(previousTitle) ? slugOfTitle(nextTitle) : slug;
