import { Button, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconListDetails, IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { ListPageShell } from '../../../ui/list-page-shell';
import { LoadFailed } from '../../../ui/load-failed';
import { TablePagination } from '../../../ui/table-pagination';
import { TableSkeleton } from '../../../ui/table-skeleton';
import { useAllLists } from '../hooks/use-all-lists';
import { useSearchLists } from '../hooks/use-search-lists';
import type { TGoTo } from '../lib/leads-screen';
import { ListsTable } from './lists-table';

/** Spec §9: the search box asks the server 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/** Screen 1, "Check Your Leads Here": the lists, searchable, paged when no search is active. */
export const ListsScreen = ({ goTo }: { goTo: TGoTo }) => {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const searching = query !== '';
  const paged = useAllLists({ page, limit, enabled: !searching });
  const found = useSearchLists(query);
  const current = searching ? found : paged;
  const lists = current.data?.lists ?? [];
  const total = searching ? lists.length : (paged.data?.total ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / limit));

  // The last list of the last page was deleted: show the page before it.
  useEffect(() => {
    if (!searching && paged.data && page > lastPage) setPage(lastPage);
  }, [searching, paged.data, page, lastPage]);

  return (
    <ListPageShell
      title="Check Your Leads Here"
      searchPlaceholder="Search List"
      search={search}
      onSearchChange={setSearch}
      actions={
        <>
          <Button variant="default" leftSection={<IconUsers size={18} />} onClick={() => goTo(2)}>
            See All Leads
          </Button>
          <Button leftSection={<IconFileImport size={18} />} onClick={() => goTo(3)}>
            Import New Leads
          </Button>
        </>
      }
    >
      {current.isPending && !current.data ? (
        <TableSkeleton />
      ) : current.isError && !current.data ? (
        <LoadFailed what="your lists" onRetry={() => void current.refetch()} />
      ) : lists.length === 0 ? (
        searching ? (
          <EmptyState
            icon={IconSearch}
            title={`No lists match "${query}"`}
            hint="Try another part of the name."
          />
        ) : (
          <EmptyState
            icon={IconListDetails}
            title="You have no lists"
            hint="Import leads from a CSV file or a LinkedIn search to create your first list."
            action={
              <Button mt="xs" leftSection={<IconFileImport size={18} />} onClick={() => goTo(3)}>
                Import New Leads
              </Button>
            }
          />
        )
      ) : (
        <Stack gap="md" style={{ opacity: current.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <ListsTable lists={lists} />
          {!searching && (
            <TablePagination
              page={page}
              pageSize={limit}
              total={total}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setLimit(size);
                setPage(1);
              }}
            />
          )}
        </Stack>
      )}
    </ListPageShell>
  );
};
