import { CALLS } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';

/** Counts the rows a CSV file will import; a refusal toasts the server's message (spec §8). */
export const useVerifyUpload = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callApi(CALLS.verifyUpload, { body: form });
    },
  });
