import { CALLS, type TKeywordIdeasRequest } from '@sales-assist/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { METRICS_PROVIDER_KEY } from './keywords-keys';

/** Keyword ideas for the seeds, topic and page given (nothing is saved until a list is). */
export const useKeywordIdeas = () =>
  useMutation({
    mutationFn: (request: TKeywordIdeasRequest) => callApi(CALLS.getKeywordIdeas, { body: request }),
  });

/** Whether search volume, cost per click and competition can be shown (a provider is configured). */
export const useMetricsProvider = () =>
  useQuery({
    queryKey: METRICS_PROVIDER_KEY,
    queryFn: () => callApi(CALLS.getKeywordMetricsProvider, {}),
    staleTime: 5 * 60_000,
  });
