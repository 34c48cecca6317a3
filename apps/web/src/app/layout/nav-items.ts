import type { Icon } from '@tabler/icons-react';

export type TNavLeaf = {
  label: string;
  icon: Icon;
  /** Absent for entries whose screen is not open yet; they show as "Soon". */
  to?: string;
};

export type TNavSection = {
  label: string;
  icon: Icon;
  key: string;
  children: TNavLeaf[];
};

export type TNavItem = TNavLeaf | TNavSection;

export const isSection = (item: TNavItem): item is TNavSection => 'children' in item;

/** True when `pathname` is `to` or lies under it ("/" only matches itself). */
export const isActivePath = (pathname: string, to: string): boolean =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
