import { Center, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPageShell } from '../../../ui/list-page-shell';
import { TablePagination } from '../../../ui/table-pagination';
import { UsersTable } from '../components/users-table';
import { useAdminUsers } from '../hooks/use-admin-users';

/** /admin/usersmanagement: every account, searchable by e-mail, with an Active switch. */
export const UsersManagementPage = () => {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const users = useAdminUsers({ page: page - 1, limit, query });

  return (
    <ListPageShell
      title="User Management"
      withCrmTitle={false}
      searchPlaceholder="Search Users"
      search={search}
      onSearchChange={(value) => {
        setSearch(value);
        setPage(1);
      }}
    >
      {users.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : users.data && users.data.users.length > 0 ? (
        <Stack gap="md" style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
          <UsersTable users={users.data.users} />
          <TablePagination
            page={page}
            pageSize={limit}
            total={users.data.total}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setLimit(size);
              setPage(1);
            }}
          />
        </Stack>
      ) : (
        <Stack align="center" py="xl" gap="xs">
          <IconUsersGroup size={40} color="var(--mantine-color-gray-5)" />
          <Text c="dimmed">{query ? `No users match "${query}"` : 'No users yet'}</Text>
        </Stack>
      )}
    </ListPageShell>
  );
};
