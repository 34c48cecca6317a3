import { CALLS, type TChangePasswordRequest } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: TChangePasswordRequest) => callApi(CALLS.changePassword, { body: input }),
    onSuccess: ({ message }) => toast('success', message),
  });
