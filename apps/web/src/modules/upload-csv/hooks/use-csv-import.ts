import { CALLS, type TCsvImportKind } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';

type TUpload = { kind: TCsvImportKind; file: File };

const formOf = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** The verify step: what Save would do with the file (nothing is saved). A refused file toasts why. */
export const useVerifyCsv = () =>
  useMutation({
    mutationFn: ({ kind, file }: TUpload) =>
      callApi(CALLS.verifyAdminCsvUpload, { params: { kind }, body: formOf(file) }),
  });

/**
 * Save: the whole file or nothing. Success toasts what was imported and reloads what shows prompts and
 * themes elsewhere (Prompts Management, the Template Editor, theme cards).
 */
export const useSaveCsv = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: TUpload) =>
      callApi(CALLS.saveAdminCsvUpload, { params: { kind }, body: formOf(file) }),
    onSuccess: ({ message }) => {
      toast('success', message);
      for (const queryKey of [['admin'], ['prompts'], ['infographic-themes']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
};
