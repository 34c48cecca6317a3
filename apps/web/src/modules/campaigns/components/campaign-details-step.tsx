import { Alert, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TCampaignLead } from '@sales-assist/contract';
import { IconAlertTriangle, IconPlayerPause, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { TablePagination } from '../../../ui/table-pagination';
import { TableSkeleton } from '../../../ui/table-skeleton';
import { useCampaignLeads } from '../hooks/use-campaign-leads';
import { useRenameCampaign } from '../hooks/use-rename-campaign';
import { CampaignActions } from './campaign-actions';
import { CampaignLeadsTable } from './campaign-leads-table';
import { CampaignProgress } from './campaign-progress';
import { CampaignStatusBadge } from './campaign-status-badge';
import { CampaignTitle } from './campaign-title';
import { LeadPanel } from './lead-panel';

const Fact = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
      {label}
    </Text>
    <Text size="sm" fw={600}>
      {value}
    </Text>
  </Stack>
);

/** Step 6 "Check Your Campaign Details": the campaign, its leads and messages, launch and pause. */
export const CampaignDetailsStep = ({ campaignId }: { campaignId: number }) => {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [openLead, setOpenLead] = useState<TCampaignLead | null>(null);
  const leads = useCampaignLeads({ id: campaignId, page, limit });
  const rename = useRenameCampaign();
  const data = leads.data;
  const campaign = data?.campaign;
  const rows = data?.result ?? [];

  return (
    <Card padding="xl">
      <Stack gap="lg">
        <Title order={3}>Check Your Campaign Details</Title>
        {leads.isPending ? (
          <TableSkeleton rows={6} />
        ) : !data || !campaign ? (
          <LoadFailed what="this campaign" onRetry={() => void leads.refetch()} />
        ) : (
          <>
            <Group justify="space-between" align="flex-start" gap="md">
              {/* At least 320 px for the name before the actions wrap below it, so a narrow screen never cuts it. */}
              <Stack gap="xs" miw={0} style={{ flex: '1 1 320px' }}>
                <CampaignTitle
                  name={data.campaign_name}
                  onRename={(name) => rename.mutate({ id: campaignId, name, oldName: data.campaign_name })}
                />
                <Group gap="sm">
                  <CampaignStatusBadge status={campaign.Status} reason={campaign['Status Reason']} />
                  <Text size="sm" c="dimmed">
                    {campaign['Outreach Via']} · {campaign['Campaign Goal']} · {campaign.Template} ·{' '}
                    {campaign.Timezone}
                  </Text>
                </Group>
              </Stack>
              <CampaignActions campaign={campaign} />
            </Group>
            {campaign['Status Reason'] &&
              (campaign.Status === 'Failed' || campaign.Status === 'Campaign Paused') && (
                <Alert
                  variant="light"
                  color={campaign.Status === 'Failed' ? 'red' : 'gray'}
                  icon={campaign.Status === 'Failed' ? <IconAlertTriangle /> : <IconPlayerPause />}
                  title={
                    campaign.Status === 'Failed' ? 'This campaign failed' : 'Why this campaign is paused'
                  }
                >
                  {campaign['Status Reason']}
                </Alert>
              )}
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
              <Stack gap={4} style={{ gridColumn: 'span 2' }}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Campaign Progress
                </Text>
                <CampaignProgress
                  value={campaign['Campaign Progress']}
                  status={campaign.Status}
                  failed={campaign['Failed Leads']}
                />
              </Stack>
              <Fact label="Leads" value={campaign['Leads Count'].toLocaleString()} />
              <Fact
                label="Awaiting approval"
                value={
                  campaign['Messages Ready'] ? campaign['Pending Approval'].toLocaleString() : 'Writing…'
                }
              />
              <Fact label="Requests per day" value={String(campaign['Connection Requests Per Day'])} />
              <Fact label="Withdraw after" value={`${campaign['Withdraw After']} days`} />
            </SimpleGrid>
            {rows.length === 0 ? (
              <EmptyState
                icon={IconUserSearch}
                title="Nothing to Show"
                hint="This campaign has no leads on this page."
              />
            ) : (
              <Stack
                gap="md"
                style={{ opacity: leads.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
              >
                <CampaignLeadsTable leads={rows} onOpen={setOpenLead} />
                <TablePagination
                  page={page}
                  pageSize={limit}
                  total={data.total}
                  onPageChange={setPage}
                  onPageSizeChange={(size) => {
                    setLimit(size);
                    setPage(1);
                  }}
                />
              </Stack>
            )}
          </>
        )}
      </Stack>
      <LeadPanel lead={openLead} live={campaign?.Status === 'On Going'} onClose={() => setOpenLead(null)} />
    </Card>
  );
};
