import { CALLS, type TDesignAssetKind } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { DESIGN_ASSETS_KEY } from './infographics-keys';

/** A page of the uploaded assets, newest first; `kind` undefined: every kind. */
export const useDesignAssets = (
  options: { kind?: TDesignAssetKind; page?: number; pageSize?: number } = {},
) =>
  useQuery({
    queryKey: [...DESIGN_ASSETS_KEY, options.kind ?? 'all', options.page ?? 1, options.pageSize ?? 24],
    queryFn: () =>
      callApi(CALLS.getAdminAssets, {
        query: { kind: options.kind, page: options.page ?? 1, page_size: options.pageSize ?? 24 },
      }),
    placeholderData: keepPreviousData,
  });
