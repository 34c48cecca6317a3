import { CALLS, type TSetUserPlanRequest } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { ADMIN_USERS_KEY } from './use-admin-users';

/** Gives an account a plan by hand (refused while a Stripe subscription holds its plan). */
export const useSetUserPlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, plan }: { id: string; plan: TSetUserPlanRequest }) =>
      callApi(CALLS.setAdminUserPlan, { params: { id }, body: plan }),
    onSuccess: () => toast('success', 'Updated'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
};
