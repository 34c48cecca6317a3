import {
  CALLS,
  type TAdminInfographicTheme,
  type TCreateInfographicThemeRequest,
  type TUpdateInfographicThemeRequest,
} from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
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
    callApi(CALLS.createAdminInfographicTheme, { body, toastErrors: false }),
  );

export const useUpdateTheme = () =>
  useThemeMutation(({ id, ...body }: TUpdateInfographicThemeRequest & { id: number }) =>
    callApi(CALLS.updateAdminInfographicTheme, { params: { id }, body, toastErrors: false }),
  );

export const useSetThemeRetired = () =>
  useThemeMutation(({ id, retired }: { id: number; retired: boolean }) =>
    callApi(CALLS.setAdminInfographicThemeRetired, { params: { id }, body: { retired } }),
  );
