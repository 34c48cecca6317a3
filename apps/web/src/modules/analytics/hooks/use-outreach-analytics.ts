import { CALLS } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { periodDays, type TAnalyticsFilters } from '../lib/analytics-period';

/**
 * GET /analytics/outreach for the filters, with days read in `zone` (the user's from Settings, else the
 * browser's, as the calendar does). The figures on screen stay while new ones load.
 */
export const useOutreachAnalytics = (filters: TAnalyticsFilters, zone: string, enabled: boolean) => {
  const { from, to } = periodDays(filters.period, zone);
  return useQuery({
    queryKey: ['analytics', 'outreach', { ...filters, from, to, zone }],
    queryFn: () =>
      callApi(CALLS.getOutreachAnalytics, {
        query: {
          from,
          to,
          zone,
          bucket: filters.bucket,
          ...(filters.campaignIds.length > 0 ? { campaign_ids: filters.campaignIds.join(',') } : {}),
          ...(filters.accountIds.length > 0 ? { account_ids: filters.accountIds.join(',') } : {}),
        },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
};
