import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';

/** Every generation that takes a plan unit invalidates this key, so the Plan screen stays true. */
export const PLAN_USAGE_QUERY_KEY = ['plan-usage'] as const;

export const usePlanUsage = () =>
  useQuery({
    queryKey: PLAN_USAGE_QUERY_KEY,
    queryFn: () => callApi(CALLS.getPlanUsage, {}),
  });
