import { CALLS, type TAdminAiUsageQuery } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';

/** Model use per user and month (GET /api/admin/ai-usage): one month, or the last 12 when none is given. */
export const useAdminAiUsage = (query: TAdminAiUsageQuery) =>
  useQuery({
    queryKey: ['admin', 'ai-usage', query.month ?? null, query.user_id ?? null] as const,
    queryFn: () => callApi(CALLS.getAdminAiUsage, { query: { month: query.month, user_id: query.user_id } }),
    placeholderData: keepPreviousData,
  });
