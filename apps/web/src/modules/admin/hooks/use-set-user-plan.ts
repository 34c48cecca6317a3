import { type TSetUserPlanRequest, ZSetUserPlanResponse } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';
import { ADMIN_USERS_KEY } from './use-admin-users';

/** Gives an account a plan by hand (refused while a Stripe subscription holds its plan). */
export const useSetUserPlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, plan }: { id: string; plan: TSetUserPlanRequest }) =>
      api(`/admin/users/${id}/plan`, { method: 'PUT', body: plan, schema: ZSetUserPlanResponse }),
    onSuccess: () => toast('success', 'Updated'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
};
