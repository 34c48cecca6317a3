import { Badge, Group, Switch, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TAdminUser } from '@sales-assist/contract';
import { useSession } from '../../../app/session/session-store';
import { WideTable } from '../../../ui/wide-table';
import { useSetUserActive } from '../hooks/use-set-user-active';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

type TUsersTableProps = { users: TAdminUser[]; withActiveSwitch?: boolean };

export const UsersTable = ({ users, withActiveSwitch = true }: TUsersTableProps) => {
  const session = useSession();
  const setActive = useSetUserActive();
  // Deactivating signs the person out everywhere at once: ask first. Re-activating only gives access back.
  const toggle = (user: TAdminUser, isActive: boolean) => {
    const input = { id: user.id, email: user.email, is_active: isActive };
    if (isActive) return setActive.mutate(input);
    modals.openConfirmModal({
      title: 'Deactivate this account?',
      children: (
        <Text size="sm">
          <b>{user.email}</b> will be signed out on every device and will only see the activation notice until
          you turn the account on again.
        </Text>
      ),
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => setActive.mutate(input),
    });
  };
  return (
    <WideTable minWidth={880}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th ta="right">Credits</Table.Th>
            <Table.Th>Verified</Table.Th>
            <Table.Th>Joined</Table.Th>
            {withActiveSwitch && <Table.Th>Active</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {user.email}
                  </Text>
                  {user.is_admin && (
                    <Badge size="xs" variant="light" color="grape">
                      Admin
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={user.subscription_type === 'Premium' ? 'indigo' : 'gray'}>
                  {user.subscription_type}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{user.credits.toLocaleString()}</Table.Td>
              <Table.Td>
                <Badge variant="dot" color={user.is_verified ? 'teal' : 'orange'}>
                  {user.is_verified ? 'Verified' : 'Pending'}
                </Badge>
              </Table.Td>
              <Table.Td>{dateFormat.format(new Date(user.created_at))}</Table.Td>
              {withActiveSwitch && (
                <Table.Td>
                  <Switch
                    checked={user.is_active}
                    disabled={user.email === session?.email}
                    aria-label={`Active: ${user.email}`}
                    onChange={(event) => toggle(user, event.currentTarget.checked)}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
};
