/** Spec §9: the pagination bar shows five page numbers at a time. */
export const PAGE_WINDOW = 5;

/**
 * The page numbers the bar shows: `size` consecutive pages holding the current one, centred on it
 * where possible and slid inwards at either end, so the count never changes while paging.
 */
export const pageWindow = (page: number, pages: number, size = PAGE_WINDOW): number[] => {
  const count = Math.min(size, Math.max(0, pages));
  if (count === 0) return [];
  const current = Math.min(Math.max(1, page), pages);
  const first = Math.min(Math.max(1, current - Math.floor((count - 1) / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
};
