import { ZAdminInfographicThemesResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { ADMIN_THEMES_KEY } from './infographics-keys';

/** Every theme, retired ones too (a handful: shown whole). */
export const useAdminThemes = () =>
  useQuery({
    queryKey: ADMIN_THEMES_KEY,
    queryFn: () => api('/admin/infographics/themes', { schema: ZAdminInfographicThemesResponse }),
    select: (data) => data.themes,
  });
