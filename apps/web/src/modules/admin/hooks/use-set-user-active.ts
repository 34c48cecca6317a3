import {
  type TAdminUsersResponse,
  type TSetUserActiveRequest,
  ZMessageResponse,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';
import { ADMIN_USERS_KEY } from './use-admin-users';

const withActive = (data: TAdminUsersResponse | undefined, { id, is_active }: TSetUserActiveRequest) =>
  data && { ...data, users: data.users.map((user) => (user.id === id ? { ...user, is_active } : user)) };

/** The Active switch: flips at once, goes back if the server refuses. */
export const useSetUserActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSetUserActiveRequest) =>
      api('/admin/set_user_active', { method: 'PUT', body: input, schema: ZMessageResponse }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: ADMIN_USERS_KEY });
      queryClient.setQueriesData<TAdminUsersResponse>({ queryKey: ADMIN_USERS_KEY }, (data) =>
        withActive(data, input),
      );
    },
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
};
