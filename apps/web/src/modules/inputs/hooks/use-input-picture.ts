import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchInputFile } from '../lib/fetch-input-file';
import { INPUTS_KEY } from './inputs-keys';

/**
 * A blob: URL of an image input's thumbnail or picture, revoked when the component lets go of it.
 * The bytes behind an id never change, so they are kept for the session once fetched.
 */
export const useInputPicture = (id: number, variant: 'image' | 'thumbnail') => {
  const query = useQuery({
    queryKey: [...INPUTS_KEY, 'picture', id, variant],
    queryFn: () => fetchInputFile(id, variant),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60 * 1000,
    retry: 1,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, isLoading: query.isLoading, isError: query.isError };
};
