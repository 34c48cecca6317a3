import { AppShell, Badge, Burger, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCoins, IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { NoticesBell } from '../../modules/notices/components/notices-bell';
import { BrandLogo } from '../../ui/brand-logo';
import { ActivationPopup } from '../dialogs/activation-popup';
import type { TSession } from '../session/session';
import { ADMIN_NAV_ITEMS } from './admin-nav-items';
import { isActivePath } from './nav-items';
import { SidebarNav } from './sidebar-nav';
import { useLogout } from './use-logout';
import { useNavCounts } from './use-nav-counts';
import { HEADER_HEIGHT, useToastClearance } from './use-toast-clearance';
import { UserMenu } from './user-menu';
import { USER_NAV_ITEMS } from './user-nav-items';

type TAppLayoutProps = { session: TSession; children?: ReactNode };

/** The protected area: sidebar (user or admin), top bar with the notices bell and the account menu, the page. */
export const AppLayout = ({ session, children }: TAppLayoutProps) => {
  const [mobileOpened, { toggle, close }] = useDisclosure(false);
  const { logout, pending } = useLogout();
  const homePath = session.isAdmin ? '/admin' : '/';
  // Spec §2: the sidebar collapses to icons on the Sales Assist Chat section (its own side list needs the room).
  const iconsOnly = isActivePath(useLocation().pathname, '/chat');
  const counts = useNavCounts(!session.isAdmin);
  useToastClearance();
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: iconsOnly ? 72 : 280, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding="xl"
    >
      <AppShell.Header px="lg">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={mobileOpened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            <Link to={homePath} style={{ textDecoration: 'none' }} aria-label="Sales Assist home">
              <BrandLogo />
            </Link>
          </Group>
          <Group gap="md" wrap="nowrap">
            {!session.isAdmin && (
              <Badge size="lg" variant="light" leftSection={<IconCoins size={14} />} visibleFrom="xs">
                {session.credits} credits
              </Badge>
            )}
            {!session.isAdmin && <NoticesBell />}
            <UserMenu session={session} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea}>
          <SidebarNav
            items={session.isAdmin ? ADMIN_NAV_ITEMS : USER_NAV_ITEMS}
            onNavigate={close}
            iconsOnly={iconsOnly}
            counts={counts}
          />
        </AppShell.Section>
        <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <NavLink
            component="button"
            type="button"
            label={iconsOnly ? undefined : 'Logout'}
            aria-label="Logout"
            color="red"
            leftSection={<IconLogout size={19} stroke={1.6} />}
            onClick={() => void logout()}
            disabled={pending}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>{children ?? <Outlet />}</AppShell.Main>
      <ActivationPopup opened={!session.isActive} />
    </AppShell>
  );
};
