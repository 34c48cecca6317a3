import {
  type TKeywordIdeasRequest,
  ZKeywordIdeasResponse,
  ZKeywordMetricsStatus,
} from '@sales-assist/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { METRICS_PROVIDER_KEY } from './keywords-keys';

/** Keyword ideas for the seeds, topic and page given (nothing is saved until a list is). */
export const useKeywordIdeas = () =>
  useMutation({
    mutationFn: (request: TKeywordIdeasRequest) =>
      api('/keywords/ideas', { method: 'POST', body: request, schema: ZKeywordIdeasResponse }),
  });

/** Whether search volume, cost per click and competition can be shown (a provider is configured). */
export const useMetricsProvider = () =>
  useQuery({
    queryKey: METRICS_PROVIDER_KEY,
    queryFn: () => api('/keywords/metrics-provider', { schema: ZKeywordMetricsStatus }),
    staleTime: 5 * 60_000,
  });
