import { type TCreditPackRequest, ZAdminCreditPack, ZAdminCreditPacksResponse } from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';

export const ADMIN_CREDIT_PACKS_KEY = ['admin', 'credit-packs'] as const;

/** Every credit pack, inactive ones too. */
export const useAdminCreditPacks = () =>
  useQuery({
    queryKey: ADMIN_CREDIT_PACKS_KEY,
    queryFn: () => api('/admin/credit-packs', { schema: ZAdminCreditPacksResponse }),
  });

/** Adds a pack (`id` null) or replaces one; packs are never deleted, only deactivated. */
export const useSaveCreditPack = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pack }: { id: string | null; pack: TCreditPackRequest }) =>
      id
        ? api(`/admin/credit-packs/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body: pack,
            schema: ZAdminCreditPack,
          })
        : api('/admin/credit-packs', { method: 'POST', body: pack, schema: ZAdminCreditPack }),
    onSuccess: () => toast('success', 'Updated'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_CREDIT_PACKS_KEY }),
  });
};
