import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { ADMIN_THEMES_KEY } from './infographics-keys';

/** Every theme, retired ones too (a handful: shown whole). */
export const useAdminThemes = () =>
  useQuery({
    queryKey: ADMIN_THEMES_KEY,
    queryFn: () => callApi(CALLS.getAdminInfographicThemes, {}),
    select: (data) => data.themes,
  });
