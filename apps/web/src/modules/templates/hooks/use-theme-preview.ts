import { CALLS } from '@sales-assist/contract';
import { pathOf } from '../../../app/api/call-api';
import { useApiPicture } from '../../../app/api/use-api-picture';

/**
 * A blob: URL of a theme's preview picture (GET /infographic-themes/:id/preview, served with the token),
 * through the shared owner-only picture hook. A theme's design can change, so the picture is kept for a
 * few minutes, not forever; a failure is not retried (the card shows its placeholder).
 */
export const useThemePreview = (themeId: number) => {
  const { url, isLoading, isError } = useApiPicture(
    pathOf(CALLS.getInfographicThemePreview, { id: themeId }),
    {
      queryKey: ['infographic-themes', themeId, 'preview'],
      staleTime: 5 * 60 * 1000,
      retry: false,
    },
  );
  return { url, isLoading, isError };
};
