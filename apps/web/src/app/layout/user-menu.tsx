import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconCreditCard,
  IconFileUpload,
  IconHistory,
  IconLogout,
  IconPlugConnected,
  IconSettings,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TSession } from '../session/session';
import { useLogout } from './use-logout';

/**
 * Spec §2: Pricing (Current Plan), Settings and Inputs are reached from this pop-up menu; History (a
 * route of spec §2 that no navigation names) and Integrations (the accounts content is published to) are
 * reached from here too.
 */
export const UserMenu = ({ session }: { session: TSession }) => {
  const { logout } = useLogout();
  const initial = session.email.charAt(0).toUpperCase() || '?';
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" p={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="blue" radius="xl" size={34}>
              {initial}
            </Avatar>
            {/* Room for most addresses from 1024 px wide; a longer one reads whole in the menu. */}
            <Text size="sm" fw={500} visibleFrom="sm" maw={{ base: 220, md: 320 }} truncate>
              {session.email}
            </Text>
            <IconChevronDown size={16} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {session.companyName}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {session.email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to="/pricing" leftSection={<IconCreditCard size={16} />}>
          Current Plan
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/inputs" leftSection={<IconFileUpload size={16} />}>
          Inputs
        </Menu.Item>
        <Menu.Item component={Link} to="/history" leftSection={<IconHistory size={16} />}>
          History
        </Menu.Item>
        <Menu.Item component={Link} to="/integrations" leftSection={<IconPlugConnected size={16} />}>
          Integrations
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
