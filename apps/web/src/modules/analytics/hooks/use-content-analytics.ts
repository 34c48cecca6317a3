import { CALLS } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { periodDays, type TPeriodPreset } from '../lib/analytics-period';

/** GET /analytics/content: posts per network and per week of the period, days read in `zone`. */
export const useContentAnalytics = (period: TPeriodPreset, zone: string, enabled: boolean) => {
  const { from, to } = periodDays(period, zone);
  return useQuery({
    queryKey: ['analytics', 'content', { from, to, zone }],
    queryFn: () => callApi(CALLS.getContentAnalytics, { query: { from, to, zone } }),
    enabled,
    placeholderData: keepPreviousData,
  });
};
