import { ZVerifyUploadResponse } from '@sales-assist/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';

/** Counts the rows a CSV file will import; a refusal toasts the server's message (spec §8). */
export const useVerifyUpload = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api('/linkedinAI/verify_upload', { method: 'POST', body: form, schema: ZVerifyUploadResponse });
    },
  });
