import { CALLS, type TCreditPackRequest } from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';

export const ADMIN_CREDIT_PACKS_KEY = ['admin', 'credit-packs'] as const;

/** Every credit pack, inactive ones too. */
export const useAdminCreditPacks = () =>
  useQuery({
    queryKey: ADMIN_CREDIT_PACKS_KEY,
    queryFn: () => callApi(CALLS.getAdminCreditPacks, {}),
  });

/** Adds a pack (`id` null) or replaces one; packs are never deleted, only deactivated. */
export const useSaveCreditPack = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pack }: { id: string | null; pack: TCreditPackRequest }) =>
      id
        ? callApi(CALLS.updateAdminCreditPack, { params: { id: encodeURIComponent(id) }, body: pack })
        : callApi(CALLS.createAdminCreditPack, { body: pack }),
    onSuccess: () => toast('success', 'Updated'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_CREDIT_PACKS_KEY }),
  });
};
