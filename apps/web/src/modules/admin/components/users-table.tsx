import { Badge, Group, Switch, Table, Text } from '@mantine/core';
import type { TAdminUser } from '@sales-assist/contract';
import { useSession } from '../../../app/session/session-store';
import { useSetUserActive } from '../hooks/use-set-user-active';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

type TUsersTableProps = { users: TAdminUser[]; withActiveSwitch?: boolean };

export const UsersTable = ({ users, withActiveSwitch = true }: TUsersTableProps) => {
  const session = useSession();
  const setActive = useSetUserActive();
  return (
    <Table.ScrollContainer minWidth={720}>
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
                    onChange={(event) =>
                      setActive.mutate({ id: user.id, is_active: event.currentTarget.checked })
                    }
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
