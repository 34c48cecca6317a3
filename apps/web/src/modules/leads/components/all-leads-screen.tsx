import { Button, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconMail, IconRocket, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { downloadCsv } from '../../../app/csv/download-csv';
import { EmptyState } from '../../../ui/empty-state';
import { ListPageShell } from '../../../ui/list-page-shell';
import { LoadFailed } from '../../../ui/load-failed';
import { TablePagination } from '../../../ui/table-pagination';
import { TableSkeleton } from '../../../ui/table-skeleton';
import { useAllLeads } from '../hooks/use-all-leads';
import { useEmailFinderStatus, useFindEmails } from '../hooks/use-find-emails';
import { useLeadSelection } from '../hooks/use-lead-selection';
import { useListFromLeads } from '../hooks/use-list-from-leads';
import { leadsCsv } from '../lib/leads-csv';
import type { TGoTo } from '../lib/leads-screen';
import { BackToLists } from './back-to-lists';
import { FindEmailSetupDialog } from './find-email-setup-dialog';
import { ImportBanner, type TRecentImport } from './import-banner';
import { LeadsTable } from './leads-table';
import { SelectionBar } from './selection-bar';

type TAllLeadsScreenProps = { goTo: TGoTo; recentImport: TRecentImport | null; onImportSeen: () => void };

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Screen 2, "Check Your Lead Database Here": every lead of every list, paged. Leads chosen with the boxes
 * (kept across pages while the screen is open) become a new list for a campaign (Start Outreach) or have
 * their work e-mails looked up (Find Email).
 */
export const AllLeadsScreen = ({ goTo, recentImport, onImportSeen }: TAllLeadsScreenProps) => {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [row, setRow] = useState(10);
  const leads = useAllLeads({ page, row });
  const loaded = leads.data?.leads ?? [];
  const selection = useLeadSelection();
  const selected = [...selection.ids];
  const listFromLeads = useListFromLeads();
  const finder = useEmailFinderStatus();
  const findEmails = useFindEmails();
  const [setupOpen, setSetupOpen] = useState(false);

  const startOutreach = () => {
    if (selected.length === 0) return navigate('/campaigns?new=1');
    listFromLeads.mutate(
      { lead_ids: selected },
      {
        onSuccess: ({ message, list }) => {
          toast('success', message);
          selection.clear();
          navigate(`/campaigns?list=${list.id}`);
        },
      },
    );
  };

  const findEmail = () => {
    if (finder.data && finder.data.provider === null) return setSetupOpen(true);
    if (selected.length === 0) return;
    findEmails.mutate(selected, {
      onSuccess: ({ found, notFound, skipped, stopped }) => {
        const counts = [`${plural(found, 'Email')} Found`, `${notFound} Not Found`];
        if (skipped > 0) counts.push(`${skipped} Skipped`);
        if (stopped) toast('warning', `${counts.join(', ')}. ${stopped}`);
        else toast('success', counts.join(', '));
      },
      onError: (error) => failureToast("Can't find emails", error),
    });
  };
  const finding = findEmails.progress;

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
            <Tooltip
              label={
                finder.data?.provider === null
                  ? 'Needs an e-mail finder: see how to set one up'
                  : 'Select the leads whose work e-mails to find'
              }
              withArrow
              disabled={selected.length > 0 && finder.data?.provider !== null}
            >
              <Button
                variant="default"
                leftSection={<IconMail size={18} />}
                onClick={findEmail}
                loading={findEmails.isPending}
                disabled={selected.length === 0 && finder.data?.provider !== null}
              >
                Find Email
              </Button>
            </Tooltip>
            <Tooltip
              label="Select leads first to start a campaign with a new list of them"
              withArrow
              disabled={selected.length > 0}
            >
              <Button
                leftSection={<IconRocket size={18} />}
                onClick={startOutreach}
                loading={listFromLeads.isPending}
              >
                Start Outreach
              </Button>
            </Tooltip>
          </>
        }
      >
        {recentImport && <ImportBanner recent={recentImport} onClose={onImportSeen} />}
        <SelectionBar selection={selection} />
        {finding && (
          <Text size="sm" c="dimmed" aria-live="polite">
            Finding e-mails… {finding.done} of {finding.total} leads
          </Text>
        )}
        <FindEmailSetupDialog
          note={finder.data?.note ?? null}
          opened={setupOpen}
          onClose={() => setSetupOpen(false)}
        />
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
            <LeadsTable leads={loaded} selection={selection} />
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
