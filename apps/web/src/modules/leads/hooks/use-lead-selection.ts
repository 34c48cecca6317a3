import { SELECTION_MAX } from '@sales-assist/contract';
import { useCallback, useState } from 'react';

export type TLeadSelection = {
  ids: ReadonlySet<number>;
  /** True once an addition was refused because the selection holds SELECTION_MAX leads. */
  full: boolean;
  toggle: (id: number) => void;
  /** Selects (or unselects) every lead of a page at once. */
  setMany: (ids: readonly number[], selected: boolean) => void;
  clear: () => void;
};

/**
 * The leads chosen on the all-leads page, by id, kept while the page is open (across its pages and page
 * sizes), at most SELECTION_MAX: what Start Outreach makes a list of and Find Email looks up.
 */
export const useLeadSelection = (max = SELECTION_MAX): TLeadSelection => {
  const [state, setState] = useState<{ ids: ReadonlySet<number>; full: boolean }>({
    ids: new Set(),
    full: false,
  });

  const setMany = useCallback(
    (ids: readonly number[], selected: boolean) =>
      setState((current) => {
        const next = new Set(current.ids);
        let full = false;
        for (const id of ids) {
          if (!selected) next.delete(id);
          else if (next.has(id)) continue;
          else if (next.size >= max) full = true;
          else next.add(id);
        }
        return { ids: next, full };
      }),
    [max],
  );
  const toggle = useCallback(
    (id: number) =>
      setState((current) => {
        if (current.ids.has(id)) {
          const next = new Set(current.ids);
          next.delete(id);
          return { ids: next, full: false };
        }
        if (current.ids.size >= max) return { ...current, full: true };
        return { ids: new Set(current.ids).add(id), full: false };
      }),
    [max],
  );
  const clear = useCallback(() => setState({ ids: new Set(), full: false }), []);
  return { ids: state.ids, full: state.full, toggle, setMany, clear };
};
