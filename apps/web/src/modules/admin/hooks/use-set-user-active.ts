import { CALLS, type TAdminUsersResponse, type TSetUserActiveRequest } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { ADMIN_USERS_KEY } from './use-admin-users';

const withActive = (data: TAdminUsersResponse | undefined, { id, is_active }: TSetUserActiveRequest) =>
  data && { ...data, users: data.users.map((user) => (user.id === id ? { ...user, is_active } : user)) };

export type TSetUserActiveInput = TSetUserActiveRequest & { email: string };

/** The toast after a change names the account and what it means for it. */
export const activeToastText = ({ email, is_active }: TSetUserActiveInput): string =>
  is_active ? `${email} is active again and can sign in` : `${email} is deactivated and signed out`;

/** The Active switch: flips at once, goes back if the server refuses. */
export const useSetUserActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is_active }: TSetUserActiveInput) =>
      callApi(CALLS.setUserActive, { body: { id, is_active } }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: ADMIN_USERS_KEY });
      queryClient.setQueriesData<TAdminUsersResponse>({ queryKey: ADMIN_USERS_KEY }, (data) =>
        withActive(data, input),
      );
    },
    onSuccess: (_answer, input) => toast('success', activeToastText(input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
};
