import {
  type TAdminInfographicTheme,
  type TCreateInfographicThemeRequest,
  type TUpdateInfographicThemeRequest,
  ZAdminInfographicThemeResponse,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { toast } from '../../../app/api/toast';
import { ADMIN_THEMES_KEY, DESIGN_ASSETS_KEY, OFFERED_THEMES_KEY } from './infographics-keys';

/**
 * Every change answers the theme as it now is and a message ("Updated"): the toast shows it, and the
 * admin list, the users' theme list (with their previews) and the uploads (which themes use them) load again. A refusal stays with the
 * caller to show in place (a stale save, a name taken).
 */
const useThemeMutation = <TInput>(
  send: (input: TInput) => Promise<{ message: string; theme: TAdminInfographicTheme }>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ message }) => toast('success', message),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_THEMES_KEY }),
        queryClient.invalidateQueries({ queryKey: OFFERED_THEMES_KEY }),
        // Each upload lists the themes using it.
        queryClient.invalidateQueries({ queryKey: DESIGN_ASSETS_KEY }),
      ]),
  });
};

export const useCreateTheme = () =>
  useThemeMutation((body: TCreateInfographicThemeRequest) =>
    api('/admin/infographics/themes', {
      method: 'POST',
      body,
      schema: ZAdminInfographicThemeResponse,
      toastErrors: false,
    }),
  );

export const useUpdateTheme = () =>
  useThemeMutation(({ id, ...body }: TUpdateInfographicThemeRequest & { id: number }) =>
    api(`/admin/infographics/themes/${id}`, {
      method: 'PUT',
      body,
      schema: ZAdminInfographicThemeResponse,
      toastErrors: false,
    }),
  );

export const useSetThemeRetired = () =>
  useThemeMutation(({ id, retired }: { id: number; retired: boolean }) =>
    api(`/admin/infographics/themes/${id}/retired`, {
      method: 'PUT',
      body: { retired },
      schema: ZAdminInfographicThemeResponse,
    }),
  );
