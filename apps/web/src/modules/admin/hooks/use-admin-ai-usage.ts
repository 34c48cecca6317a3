import { type TAdminAiUsageQuery, ZAdminAiUsageResponse } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';

/** Model use per user and month (GET /api/admin/ai-usage): one month, or the last 12 when none is given. */
export const useAdminAiUsage = (query: TAdminAiUsageQuery) =>
  useQuery({
    queryKey: ['admin', 'ai-usage', query.month ?? null, query.user_id ?? null] as const,
    queryFn: () => {
      const params = new URLSearchParams();
      if (query.month) params.set('month', query.month);
      if (query.user_id) params.set('user_id', query.user_id);
      const search = params.toString();
      return api(`/admin/ai-usage${search ? `?${search}` : ''}`, { schema: ZAdminAiUsageResponse });
    },
    placeholderData: keepPreviousData,
  });
