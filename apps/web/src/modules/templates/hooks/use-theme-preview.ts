import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchApiBlob } from '../../../app/api/fetch-blob';

/**
 * A blob: URL of a theme's preview picture (GET /infographic-themes/:id/preview, served with the token),
 * revoked when the card lets go of it. A theme's design can change, so the picture is kept for a few
 * minutes, not forever; a failure is not retried (the card shows its placeholder).
 */
export const useThemePreview = (themeId: number) => {
  const query = useQuery({
    queryKey: ['infographic-themes', themeId, 'preview'],
    queryFn: () => fetchApiBlob(`/infographic-themes/${themeId}/preview`),
    staleTime: 5 * 60 * 1000,
    retry: false,
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
