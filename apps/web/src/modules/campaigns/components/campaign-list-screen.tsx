import { Button, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CAMPAIGN_STATUSES, type TCampaignStatus } from '@sales-assist/contract';
import { IconPlus, IconSearch, IconTargetArrow } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { ListPageShell } from '../../../ui/list-page-shell';
import { LoadFailed } from '../../../ui/load-failed';
import { TablePagination } from '../../../ui/table-pagination';
import { TableSkeleton } from '../../../ui/table-skeleton';
import { useCampaigns } from '../hooks/use-campaigns';
import { useSearchCampaigns } from '../hooks/use-search-campaigns';
import { CampaignsTable } from './campaigns-table';

/** Spec §9: the search box asks the server 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;
/** A status filter reads this many of the newest campaigns at once (the API has no status filter). */
const FILTER_WINDOW = 100;

type TStatusFilter = 'All' | TCampaignStatus;

type TCampaignListScreenProps = { onCreate: () => void; onOpen: (campaignId: number) => void };

/** The campaign list: search, the All filter, the table, paged (one-based) when over 10. */
export const CampaignListScreen = ({ onCreate, onOpen }: TCampaignListScreenProps) => {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<TStatusFilter>('All');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const searching = query !== '';
  const filtering = status !== 'All';
  const paged = useCampaigns({
    page: filtering ? 1 : page,
    limit: filtering ? FILTER_WINDOW : limit,
    enabled: !searching,
  });
  const found = useSearchCampaigns(query);
  const current = searching ? found : paged;
  const rows = (searching ? found.data?.lists : paged.data?.campaigns) ?? [];
  const campaigns = filtering ? rows.filter((campaign) => campaign.Status === status) : rows;
  const total = paged.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / limit));

  useEffect(() => {
    if (!searching && !filtering && paged.data && page > lastPage) setPage(lastPage);
  }, [searching, filtering, paged.data, page, lastPage]);

  const createButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={onCreate}>
      Create New Campaign
    </Button>
  );

  return (
    <ListPageShell
      title="Check Your Campaigns Here"
      searchPlaceholder="Search Campaign"
      search={search}
      onSearchChange={setSearch}
      filters={
        <Select
          aria-label="Filter by status"
          w={190}
          allowDeselect={false}
          value={status}
          data={['All', ...CAMPAIGN_STATUSES]}
          onChange={(value) => value && setStatus(value as TStatusFilter)}
        />
      }
      actions={createButton}
    >
      {current.isPending && !current.data ? (
        <TableSkeleton />
      ) : current.isError && !current.data ? (
        <LoadFailed what="your campaigns" onRetry={() => void current.refetch()} />
      ) : campaigns.length === 0 ? (
        searching || filtering ? (
          <EmptyState
            icon={IconSearch}
            title={searching ? `No campaigns match "${query}"` : `No campaigns are "${status}"`}
            hint={searching ? 'Try another part of the name.' : 'Choose All to see every campaign.'}
          />
        ) : (
          <EmptyState
            icon={IconTargetArrow}
            title="You have no campaigns yet"
            hint="A campaign visits, likes, comments and connects with the leads of a list, then follows up, on your behalf."
            action={<Stack mt="xs">{createButton}</Stack>}
          />
        )
      ) : (
        <Stack gap="md" style={{ opacity: current.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <CampaignsTable campaigns={campaigns} onOpen={onOpen} />
          {!searching && !filtering && (
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
