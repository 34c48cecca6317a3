import {
  INPUT_MESSAGES,
  type TCreateTextInputRequest,
  type TInputKind,
  ZInputSavedResponse,
  ZMessageResponse,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
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
    mutationFn: (body: TCreateTextInputRequest) =>
      api('/inputs/texts', { method: 'POST', body, schema: ZInputSavedResponse }),
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
          await api(kind === 'text' ? '/inputs/texts/upload' : '/inputs/images', {
            method: 'POST',
            body: form,
            schema: ZInputSavedResponse,
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
      api(`/inputs/${id}`, { method: 'PUT', body: { name }, schema: ZInputSavedResponse }),
    onSuccess: ({ message }) => {
      toast('success', message);
      return refresh();
    },
  });
};

export const useDeleteInput = () => {
  const refresh = useRefreshInputs();
  return useMutation({
    mutationFn: (id: number) => api(`/inputs/${id}`, { method: 'DELETE', schema: ZMessageResponse }),
    onSuccess: ({ message }) => {
      toast('success', message);
      return refresh();
    },
  });
};
