import { Button, Card, Grid, Skeleton, Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { TableSkeleton } from '../../../ui/table-skeleton';
import { useCalendarTimeZone } from '../../schedule/hooks/use-calendar-time-zone';
import { useOutreachAnalytics } from '../hooks/use-outreach-analytics';
import { DEFAULT_FILTERS, type TAnalyticsFilters } from '../lib/analytics-period';
import { AccountCapsCard } from './account-caps-card';
import { AnalyticsFilters } from './analytics-filters';
import { BreakdownTables } from './breakdown-tables';
import { FunnelCard } from './funnel-card';
import { OverTimeCard } from './over-time-card';
import { RateCards } from './rate-cards';

const LoadingFigures = () => (
  <Stack gap="md" aria-busy="true" aria-label="Loading the figures">
    <Grid>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Skeleton h={110} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Skeleton h={110} radius="md" />
      </Grid.Col>
    </Grid>
    <Skeleton h={340} radius="md" />
    <Card>
      <TableSkeleton rows={4} />
    </Card>
  </Stack>
);

/** What the engine did in the period: rates, the funnel, the time series, the breakdowns and today's caps. */
export const OutreachTab = () => {
  const { timeZone, known } = useCalendarTimeZone();
  const [filters, setFilters] = useState<TAnalyticsFilters>(DEFAULT_FILTERS);
  const analytics = useOutreachAnalytics(filters, timeZone, known);
  const data = analytics.data;
  const narrowed = filters.campaignIds.length > 0 || filters.accountIds.length > 0;
  return (
    <Stack gap="md">
      <AnalyticsFilters
        filters={filters}
        onChange={setFilters}
        zone={data?.period.zone ?? timeZone}
        campaigns={(data?.campaigns ?? []).map((campaign) => ({
          value: String(campaign.id),
          label: campaign.name,
        }))}
        accounts={(data?.accounts_today ?? []).map((account) => ({
          value: account.account_id,
          label: account.name,
        }))}
      />
      {analytics.isError && !data ? (
        <LoadFailed what="the outreach figures" onRetry={() => void analytics.refetch()} />
      ) : !data ? (
        <LoadingFigures />
      ) : data.funnel.leads === 0 ? (
        <Stack gap="md">
          <Card>
            <EmptyState
              icon={IconChartBar}
              title={
                narrowed ? 'No outreach for this choice in this period' : 'No outreach in this period yet'
              }
              hint="Profile views, invitations, messages and replies of your campaigns show up here as the engine works."
              action={
                <Button component={Link} to="/campaigns" mt="xs">
                  Go to Campaigns
                </Button>
              }
            />
          </Card>
          <AccountCapsCard accounts={data.accounts_today} />
        </Stack>
      ) : (
        <Stack gap="md" style={{ opacity: analytics.isPlaceholderData ? 0.6 : 1 }}>
          <RateCards acceptance={data.rates.acceptance} reply={data.rates.reply} />
          <FunnelCard funnel={data.funnel} />
          <OverTimeCard points={data.over_time} unit={data.period.bucket} />
          <BreakdownTables data={data} />
          <AccountCapsCard accounts={data.accounts_today} />
        </Stack>
      )}
    </Stack>
  );
};
