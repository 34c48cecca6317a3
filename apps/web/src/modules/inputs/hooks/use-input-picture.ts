import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchInputFile } from '../lib/fetch-input-file';
import { INPUTS_KEY } from './inputs-keys';

/**
 * A blob: URL of an image input's thumbnail or picture, revoked when the component lets go of it.
 * The bytes behind an id never change, so they are kept for the session once fetched. The URL is made
 * in an effect (not during render), so React's development double-run of effects cannot revoke a URL
 * that is still shown.
 */
export const useInputPicture = (id: number, variant: 'image' | 'thumbnail') => {
  const query = useQuery({
    queryKey: [...INPUTS_KEY, 'picture', id, variant],
    queryFn: () => fetchInputFile(id, variant),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60 * 1000,
    retry: 1,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const made = URL.createObjectURL(query.data);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [query.data]);
  return { url, isLoading: query.isLoading || (query.isSuccess && url === null), isError: query.isError };
};
