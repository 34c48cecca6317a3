import { type TChangePasswordRequest, ZMessageResponse } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: TChangePasswordRequest) =>
      api('/change_password', { method: 'POST', body: input, schema: ZMessageResponse }),
    onSuccess: ({ message }) => toast('success', message),
  });
