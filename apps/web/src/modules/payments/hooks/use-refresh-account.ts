import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchMe, ME_QUERY_KEY } from '../../../app/session/use-me';
import { PLAN_USAGE_QUERY_KEY } from '../../plan/hooks/use-plan-usage';
import { PRICING_KEY } from './payments-keys';

/**
 * After a payment the tier, the balance and the plan's totals changed on the server: /api/me (which
 * also updates the stored session the header and the pop-up read), pricing and plan usage are asked again.
 */
export const useRefreshAccount = () => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        // Asked even when no screen watches /api/me: it also updates the stored session.
        // (A failure was toasted by the API client; the header then keeps the old balance.)
        queryClient
          .fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 0 })
          .catch(() => undefined),
        queryClient.invalidateQueries({ queryKey: PRICING_KEY }),
        queryClient.invalidateQueries({ queryKey: PLAN_USAGE_QUERY_KEY }),
      ]),
    [queryClient],
  );
};
