import { CALLS, INPUT_MESSAGES, type TCreateTextInputRequest, type TInputKind } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { INPUTS_KEY } from './inputs-keys';

const useRefreshInputs = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: INPUTS_KEY });
};

/** Saves a pasted text. */
export const usePasteText = () => {
  const refresh = useRefreshInputs();
  return useMutation({
    mutationFn: (body: TCreateTextInputRequest) => callApi(CALLS.createTextInput, { body }),
    onSuccess: ({ message }) => {
      toast('success', message);
      return refresh();
    },
  });
};

/**
 * Uploads files one after another as texts (.txt, .md, .pdf, .docx) or images (PNG, JPEG, WebP); each
 * refusal is shown with the file's name and the server's reason, and the others still go.
 */
export const useUploadInputs = (kind: TInputKind) => {
  const refresh = useRefreshInputs();
  return useMutation({
    mutationFn: async (files: File[]) => {
      let saved = 0;
      for (const file of files) {
        const form = new FormData();
        form.append('file', file, file.name);
        try {
          await callApi(kind === 'text' ? CALLS.uploadTextInput : CALLS.uploadImageInputs, {
            body: form,
            toastErrors: false,
          });
          saved += 1;
        } catch (error) {
          failureToast(`Can't upload ${file.name}`, error);
        }
      }
      return saved;
    },
    onSuccess: (saved, files) => {
      if (saved > 0) {
        const what = kind === 'text' ? INPUT_MESSAGES.fileUploaded : INPUT_MESSAGES.imageUploaded;
        toast('success', files.length === 1 ? what : `${saved} of ${files.length} files uploaded`);
      }
      return refresh();
    },
  });
};

export const useRenameInput = () => {
  const refresh = useRefreshInputs();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      callApi(CALLS.updateInput, { params: { id }, body: { name } }),
    onSuccess: ({ message }) => {
      toast('success', message);
      return refresh();
    },
  });
};

export const useDeleteInput = () => {
  const refresh = useRefreshInputs();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.deleteInput, { params: { id } }),
    onSuccess: ({ message }) => {
      toast('success', message);
      return refresh();
    },
  });
};
