import { type TDesignAssetKind, ZDesignAssetsResponse } from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';
import { DESIGN_ASSETS_KEY } from './infographics-keys';

/** A page of the uploaded assets, newest first; `kind` undefined: every kind. */
export const useDesignAssets = (
  options: { kind?: TDesignAssetKind; page?: number; pageSize?: number } = {},
) =>
  useQuery({
    queryKey: [...DESIGN_ASSETS_KEY, options.kind ?? 'all', options.page ?? 1, options.pageSize ?? 24],
    queryFn: () =>
      api('/admin/assets', {
        query: { kind: options.kind, page: options.page ?? 1, page_size: options.pageSize ?? 24 },
        schema: ZDesignAssetsResponse,
      }),
    placeholderData: keepPreviousData,
  });
