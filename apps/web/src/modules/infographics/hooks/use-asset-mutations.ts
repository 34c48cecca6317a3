import { CALLS, type TDesignAssetKind } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { failureToast } from '../../../app/api/failure-toast';
import { toast } from '../../../app/api/toast';
import { DESIGN_ASSETS_KEY } from './infographics-keys';

/**
 * Uploads files one after another as `kind`; each refusal is shown with the file's name and the
 * server's reason (a disguised file, too many pixels, a font that does not draw), and the others go on.
 * A file uploaded before is announced as such, not stored twice.
 */
export const useUploadAssets = (kind: TDesignAssetKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) => {
      let saved = 0;
      for (const file of files) {
        const form = new FormData();
        // The kind first: the server reads the fields that come before the file.
        form.append('kind', kind);
        form.append('file', file, file.name);
        try {
          const answer = await callApi(CALLS.uploadAdminAsset, { body: form, toastErrors: false });
          if (answer.existing) toast('info', `${file.name}: ${answer.message}`);
          else saved += 1;
        } catch (error) {
          failureToast(`Can't upload ${file.name}`, error);
        }
      }
      return saved;
    },
    onSuccess: (saved) => {
      if (saved > 0) toast('success', saved === 1 ? 'Uploaded' : `${saved} files uploaded`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: DESIGN_ASSETS_KEY }),
  });
};

export const useDeleteAsset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(CALLS.deleteAdminAsset, { params: { id } }),
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DESIGN_ASSETS_KEY }),
  });
};
