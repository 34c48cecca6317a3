import { Badge, NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isActivePath, isSection, type TNavItem, type TNavLeaf } from './nav-items';
import { useSidebarSections } from './use-sidebar-sections';

type TSidebarNavProps = { items: TNavItem[]; onNavigate?: () => void };

const Leaf = ({
  item,
  pathname,
  onNavigate,
}: {
  item: TNavLeaf;
  pathname: string;
  onNavigate?: () => void;
}) => {
  const Icon = item.icon;
  if (!item.to) {
    return (
      <NavLink
        component="button"
        type="button"
        label={item.label}
        leftSection={<Icon size={19} stroke={1.6} />}
        rightSection={
          <Badge size="xs" variant="light" color="gray">
            Soon
          </Badge>
        }
        disabled
        noWrap
      />
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={<Icon size={19} stroke={1.6} />}
      active={isActivePath(pathname, item.to)}
      variant="light"
      onClick={onNavigate}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
};

/** The sidebar's links; sections expand and collapse and remember it. */
export const SidebarNav = ({ items, onNavigate }: TSidebarNavProps) => {
  const { pathname } = useLocation();
  const { open, toggle } = useSidebarSections();
  return (
    <nav aria-label="Main">
      {items.map((item) => {
        if (!isSection(item)) {
          return <Leaf key={item.label} item={item} pathname={pathname} onNavigate={onNavigate} />;
        }
        const Icon = item.icon;
        const hasActiveChild = item.children.some((child) => child.to && isActivePath(pathname, child.to));
        return (
          <NavLink
            key={item.key}
            component="button"
            type="button"
            label={item.label}
            leftSection={<Icon size={19} stroke={1.6} />}
            opened={open[item.key] ?? hasActiveChild}
            onChange={(opened) => toggle(item.key, opened)}
            childrenOffset={28}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            {item.children.map((child) => (
              <Leaf key={child.label} item={child} pathname={pathname} onNavigate={onNavigate} />
            ))}
          </NavLink>
        );
      })}
    </nav>
  );
};
