import { ZPlanUsageResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';

/** Every generation that takes a plan unit invalidates this key, so the Plan screen stays true. */
export const PLAN_USAGE_QUERY_KEY = ['plan-usage'] as const;

export const usePlanUsage = () =>
  useQuery({
    queryKey: PLAN_USAGE_QUERY_KEY,
    queryFn: () => api('/plan_usage', { schema: ZPlanUsageResponse }),
  });
