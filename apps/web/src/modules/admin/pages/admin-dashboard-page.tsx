import { Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconMessageCode, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageShell } from '../../../ui/page-shell';
import { StatCard } from '../../../ui/stat-card';
import { UsersTable } from '../components/users-table';
import { useAdminPrompts } from '../hooks/use-admin-prompts';
import { useAdminUsers } from '../hooks/use-admin-users';

/** /admin: how many accounts there are, the newest ones, and the way to manage them. */
export const AdminDashboardPage = () => {
  const newest = useAdminUsers({ page: 0, limit: 5, query: '' });
  const total = newest.data?.total;
  const prompts = useAdminPrompts();
  const inService = prompts.data?.filter((prompt) => !prompt.retired).length;
  return (
    <PageShell
      title="Admin Dashboard"
      description="Manage the accounts, prompts and templates of Sales Assist."
    >
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <StatCard
            label="Total users"
            value={total === undefined ? '—' : total.toLocaleString()}
            icon={IconUsersGroup}
            footer={
              <Button
                component={Link}
                to="/admin/usersmanagement"
                variant="light"
                size="xs"
                rightSection={<IconArrowRight size={14} />}
                w="fit-content"
              >
                Open User Management
              </Button>
            }
          />
          <StatCard
            label="Newest account"
            value={newest.data?.users[0]?.email ?? '—'}
            icon={IconUserPlus}
            color="teal"
          />
          <StatCard
            label="Prompts in service"
            value={inService === undefined ? '—' : inService.toLocaleString()}
            icon={IconMessageCode}
            color="grape"
            footer={
              <Button
                component={Link}
                to="/admin/promptsmanagement"
                variant="light"
                size="xs"
                rightSection={<IconArrowRight size={14} />}
                w="fit-content"
              >
                Open Prompts Management
              </Button>
            }
          />
        </SimpleGrid>
        <Card>
          <Group justify="space-between" mb="sm">
            <Title order={4}>Newest accounts</Title>
            <Button component={Link} to="/admin/usersmanagement" variant="subtle" size="xs">
              See all
            </Button>
          </Group>
          {newest.isPending ? (
            <Center py="lg">
              <Loader />
            </Center>
          ) : newest.data?.users.length ? (
            <UsersTable users={newest.data.users} withActiveSwitch={false} withBillingActions={false} />
          ) : (
            <Text c="dimmed">No accounts yet.</Text>
          )}
        </Card>
      </Stack>
    </PageShell>
  );
};
