import { Badge, Button, Group, Switch, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TAdminUser } from '@sales-assist/contract';
import { IconCoins, IconSwitchHorizontal } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../../app/session/session-store';
import { WideTable } from '../../../ui/wide-table';
import { useSetUserActive } from '../hooks/use-set-user-active';
import { UserCreditsModal } from './user-credits-modal';
import { UserPlanModal } from './user-plan-modal';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

// A badge's label is cut with an ellipsis by default, which lets a crowded table squeeze "Premium" to "PRE…".
const WHOLE_LABEL = { label: { overflow: 'visible' } } as const;

type TUsersTableProps = {
  users: TAdminUser[];
  withActiveSwitch?: boolean;
  /** The per-account Credits and Change plan actions. */
  withBillingActions?: boolean;
};

export const UsersTable = ({
  users,
  withActiveSwitch = true,
  withBillingActions = true,
}: TUsersTableProps) => {
  const session = useSession();
  const setActive = useSetUserActive();
  // Ids, not rows: the dialogs show the row as the table has it now (balance, plan after a change).
  const [creditsOf, setCreditsOf] = useState<string | null>(null);
  const [planOf, setPlanOf] = useState<string | null>(null);
  const rowOf = (id: string | null) => users.find((user) => user.id === id) ?? null;
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
    <WideTable minWidth={withBillingActions ? 960 : 880}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th ta="right">Credits</Table.Th>
            <Table.Th>Verified</Table.Th>
            <Table.Th>Joined</Table.Th>
            {withActiveSwitch && <Table.Th>Active</Table.Th>}
            {withBillingActions && <Table.Th>Actions</Table.Th>}
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
                <Badge
                  variant="light"
                  color={user.subscription_type === 'Premium' ? 'indigo' : 'gray'}
                  styles={WHOLE_LABEL}
                >
                  {user.subscription_type}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{user.credits.toLocaleString()}</Table.Td>
              <Table.Td>
                <Badge variant="dot" color={user.is_verified ? 'teal' : 'orange'} styles={WHOLE_LABEL}>
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
              {withBillingActions && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconCoins size={14} />}
                      aria-label={`Credits: ${user.email}`}
                      onClick={() => setCreditsOf(user.id)}
                    >
                      Credits
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconSwitchHorizontal size={14} />}
                      aria-label={`Change plan: ${user.email}`}
                      onClick={() => setPlanOf(user.id)}
                    >
                      Change plan
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {withBillingActions && (
        <>
          <UserCreditsModal user={rowOf(creditsOf)} onClose={() => setCreditsOf(null)} />
          <UserPlanModal user={rowOf(planOf)} onClose={() => setPlanOf(null)} />
        </>
      )}
    </WideTable>
  );
};
