import { CALLS, type TAdjustCreditsRequest } from '@sales-assist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { ADMIN_USERS_KEY } from './use-admin-users';

const ledgerKey = (userId: string) => ['admin', 'user-credits', userId] as const;

export const LEDGER_PAGE_SIZE = 10;

/** One page (zero-based) of an account's ledger, newest first, with its balance. */
export const useUserLedger = (userId: string | undefined, page: number) =>
  useQuery({
    queryKey: [...ledgerKey(userId ?? ''), page],
    queryFn: () =>
      callApi(CALLS.getAdminUserCredits, {
        params: { id: userId ?? '' }, // asked only with a user (enabled)
        query: { page, limit: LEDGER_PAGE_SIZE },
      }),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });

/** Grants or removes credits; the ledger and the users table (its balance column) are read again. */
export const useAdjustCredits = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAdjustCreditsRequest) =>
      callApi(CALLS.adjustAdminUserCredits, { params: { id: userId }, body: input }),
    onSuccess: () => toast('success', 'Updated'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ledgerKey(userId) }),
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
      ]),
  });
};
