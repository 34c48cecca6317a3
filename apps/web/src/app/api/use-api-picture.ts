import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchApiBlob } from './fetch-blob';

type TApiPictureOptions = {
  /** The query's cache key (a path alone would tie the cache to the address's spelling). */
  queryKey: readonly unknown[];
  /** How long the bytes stay fresh: forever for an address whose bytes never change. */
  staleTime?: number;
  retry?: number | false;
};

/**
 * A blob: URL of a picture the API serves to its owner only (an input's picture, a social post's image),
 * fetched with the session's token by fetchApiBlob, and revoked when the component lets go of it. The
 * URL is made in an effect (not during render), so React's development double-run of effects cannot
 * revoke a URL that is still shown. `path` null: nothing to show yet (the picture is being made).
 * Also answers the Blob, for a download.
 */
export const useApiPicture = (path: string | null, options: TApiPictureOptions) => {
  const query = useQuery({
    queryKey: options.queryKey,
    queryFn: () => fetchApiBlob(path ?? ''),
    enabled: path !== null,
    staleTime: options.staleTime ?? Number.POSITIVE_INFINITY,
    gcTime: 10 * 60 * 1000,
    retry: options.retry ?? 1,
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
  return {
    url,
    blob: query.data ?? null,
    isLoading: path !== null && (query.isLoading || (query.isSuccess && url === null)),
    isError: query.isError,
  };
};
