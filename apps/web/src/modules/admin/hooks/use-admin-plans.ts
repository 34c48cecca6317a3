import { CALLS, type TUpdatePlanRequest } from '@sales-assist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';

export const ADMIN_PLANS_KEY = ['admin', 'plans'] as const;

/** Every plan, inactive ones too. */
export const useAdminPlans = () =>
  useQuery({
    queryKey: ADMIN_PLANS_KEY,
    queryFn: () => callApi(CALLS.getAdminPlans, {}),
  });

/** Saves one plan; the pricing the users see is read again too. */
export const useUpdatePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, plan }: { id: string; plan: TUpdatePlanRequest }) =>
      callApi(CALLS.updateAdminPlan, { params: { id: encodeURIComponent(id) }, body: plan }),
    onSuccess: () => toast('success', 'Updated'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_PLANS_KEY }),
  });
};
