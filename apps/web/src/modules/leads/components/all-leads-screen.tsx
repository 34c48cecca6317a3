import { Button, Stack, Tooltip } from '@mantine/core';
import { IconDownload, IconMail, IconRocket, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../app/api/toast';
import { EmptyState } from '../../../ui/empty-state';
import { ListPageShell } from '../../../ui/list-page-shell';
import { LoadFailed } from '../../../ui/load-failed';
import { TablePagination } from '../../../ui/table-pagination';
import { TableSkeleton } from '../../../ui/table-skeleton';
import { useAllLeads } from '../hooks/use-all-leads';
import { downloadCsv } from '../lib/download-csv';
import { leadsCsv } from '../lib/leads-csv';
import type { TGoTo } from '../lib/leads-screen';
import { BackToLists } from './back-to-lists';
import { ImportBanner, type TRecentImport } from './import-banner';
import { LeadsTable } from './leads-table';

type TAllLeadsScreenProps = { goTo: TGoTo; recentImport: TRecentImport | null; onImportSeen: () => void };

/** Screen 2, "Check Your Lead Database Here": every lead of every list, paged. */
export const AllLeadsScreen = ({ goTo, recentImport, onImportSeen }: TAllLeadsScreenProps) => {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [row, setRow] = useState(10);
  const leads = useAllLeads({ page, row });
  const loaded = leads.data?.leads ?? [];

  const exportLoaded = () => {
    if (loaded.length === 0) return;
    downloadCsv(leadsCsv(loaded));
    toast('success', 'Results Exported');
  };

  return (
    <Stack gap="sm">
      <BackToLists goTo={goTo} />
      <ListPageShell
        title="Check Your Lead Database Here"
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} />}
              onClick={exportLoaded}
              disabled={loaded.length === 0}
            >
              Export CSV
            </Button>
            <Tooltip label="Coming soon" withArrow>
              <Button
                variant="default"
                leftSection={<IconMail size={18} />}
                data-disabled
                aria-disabled
                onClick={(event) => event.preventDefault()}
              >
                Find Email
              </Button>
            </Tooltip>
            <Button leftSection={<IconRocket size={18} />} onClick={() => navigate('/campaigns')}>
              Start Outreach
            </Button>
          </>
        }
      >
        {recentImport && <ImportBanner recent={recentImport} onClose={onImportSeen} />}
        {leads.isPending ? (
          <TableSkeleton rows={6} />
        ) : leads.isError && !leads.data ? (
          <LoadFailed what="your leads" onRetry={() => void leads.refetch()} />
        ) : loaded.length === 0 ? (
          <EmptyState
            icon={IconUserSearch}
            title="Nothing to Show"
            hint="Leads you import from a CSV file or a LinkedIn search show up here."
            action={
              <Button mt="xs" onClick={() => goTo(3)}>
                Import New Leads
              </Button>
            }
          />
        ) : (
          <Stack gap="md" style={{ opacity: leads.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <LeadsTable leads={loaded} />
            <TablePagination
              page={page}
              pageSize={row}
              total={leads.data?.total ?? 0}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setRow(size);
                setPage(1);
              }}
            />
          </Stack>
        )}
      </ListPageShell>
    </Stack>
  );
};
