import { Badge, Indicator, Menu, NavLink, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isActivePath, isSection, type TNavItem, type TNavLeaf } from './nav-items';
import { useSidebarSections } from './use-sidebar-sections';

type TSidebarNavProps = {
  items: TNavItem[];
  onNavigate?: () => void;
  /** Icons only, each named by a tooltip; a section opens its links as a menu beside it. */
  iconsOnly?: boolean;
  /** A count shown beside a link (by its `to`): the Engagement inbox's unread messages. */
  counts?: Record<string, number>;
};

/** The count's badge beside a link's label, or nothing at 0. */
const CountBadge = ({ count, label }: { count: number; label: string }) =>
  count > 0 ? (
    <Badge
      size="sm"
      variant="filled"
      color="blue"
      circle={count < 10}
      aria-label={`${count} unread in ${label}`}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  ) : null;

const Leaf = ({
  item,
  pathname,
  onNavigate,
  iconsOnly = false,
  count = 0,
}: {
  item: TNavLeaf;
  pathname: string;
  onNavigate?: () => void;
  iconsOnly?: boolean;
  count?: number;
}) => {
  const Icon = item.icon;
  if (iconsOnly) {
    const named = { 'aria-label': item.label, leftSection: <Icon size={19} stroke={1.6} /> };
    return (
      <Tooltip label={item.to ? item.label : `${item.label} (soon)`} position="right" withArrow>
        {item.to ? (
          <NavLink
            {...named}
            component={Link}
            to={item.to}
            active={isActivePath(pathname, item.to)}
            variant="light"
            onClick={onNavigate}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ) : (
          <NavLink {...named} component="button" type="button" disabled aria-disabled="true" />
        )}
      </Tooltip>
    );
  }
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
      rightSection={<CountBadge count={count} label={item.label} />}
      active={isActivePath(pathname, item.to)}
      variant="light"
      onClick={onNavigate}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
};

/** The sidebar's links; sections expand and collapse and remember it. */
export const SidebarNav = ({ items, onNavigate, iconsOnly = false, counts = {} }: TSidebarNavProps) => {
  const { pathname } = useLocation();
  const { open, toggle } = useSidebarSections();
  return (
    <nav aria-label="Main">
      {items.map((item) => {
        if (!isSection(item)) {
          return (
            <Leaf
              key={item.label}
              item={item}
              pathname={pathname}
              onNavigate={onNavigate}
              iconsOnly={iconsOnly}
            />
          );
        }
        const Icon = item.icon;
        const hasActiveChild = item.children.some((child) => child.to && isActivePath(pathname, child.to));
        const sectionCount = item.children.reduce(
          (sum, child) => sum + (child.to ? (counts[child.to] ?? 0) : 0),
          0,
        );
        if (iconsOnly) {
          return (
            <Menu key={item.key} position="right-start" withArrow trigger="click-hover">
              <Menu.Target>
                <NavLink
                  component="button"
                  type="button"
                  aria-label={item.label}
                  leftSection={
                    <Indicator disabled={sectionCount === 0} size={8} color="blue" offset={2}>
                      <Icon size={19} stroke={1.6} />
                    </Indicator>
                  }
                  active={hasActiveChild}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{item.label}</Menu.Label>
                {item.children.map((child) => {
                  const ChildIcon = child.icon;
                  return child.to ? (
                    <Menu.Item
                      key={child.label}
                      component={Link}
                      to={child.to}
                      leftSection={<ChildIcon size={16} stroke={1.6} />}
                      onClick={onNavigate}
                    >
                      {child.label}
                      {child.to && (counts[child.to] ?? 0) > 0 ? ` (${counts[child.to]})` : ''}
                    </Menu.Item>
                  ) : (
                    <Menu.Item key={child.label} leftSection={<ChildIcon size={16} stroke={1.6} />} disabled>
                      {`${child.label} (soon)`}
                    </Menu.Item>
                  );
                })}
              </Menu.Dropdown>
            </Menu>
          );
        }
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
              <Leaf
                key={child.label}
                item={child}
                pathname={pathname}
                onNavigate={onNavigate}
                count={child.to ? counts[child.to] : 0}
              />
            ))}
          </NavLink>
        );
      })}
    </nav>
  );
};
