import { type TUpdatePlanRequest, ZAdminPlan, ZAdminPlansResponse } from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';

export const ADMIN_PLANS_KEY = ['admin', 'plans'] as const;

/** Every plan, inactive ones too. */
export const useAdminPlans = () =>
  useQuery({
    queryKey: ADMIN_PLANS_KEY,
    queryFn: () => api('/admin/plans', { schema: ZAdminPlansResponse }),
  });

/** Saves one plan; the pricing the users see is read again too. */
export const useUpdatePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, plan }: { id: string; plan: TUpdatePlanRequest }) =>
      api(`/admin/plans/${encodeURIComponent(id)}`, { method: 'PUT', body: plan, schema: ZAdminPlan }),
    onSuccess: () => toast('success', 'Updated'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_PLANS_KEY }),
  });
};
