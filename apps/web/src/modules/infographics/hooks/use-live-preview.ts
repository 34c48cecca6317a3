import { useDebouncedValue } from '@mantine/hooks';
import {
  CALLS,
  INFOGRAPHIC_FIT_HEADER,
  type TInfographicFit,
  type TInfographicPreviewRequest,
  ZInfographicFit,
  ZInfographicPreviewRequest,
} from '@sales-assist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pathOf } from '../../../app/api/call-api';
import { postForApiBlob } from '../../../app/api/fetch-blob';

/** A pause this long in editing draws the preview again. */
const PREVIEW_DELAY_MS = 450;

const fitOf = (headers: Headers): TInfographicFit | null => {
  const raw = headers.get(INFOGRAPHIC_FIT_HEADER);
  if (!raw) return null;
  try {
    const parsed = ZInfographicFit.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * The editor's live preview: the design and sample content drawn by the server after each pause in
 * editing (POST /admin/infographics/preview), shown from a blob: URL with what was changed to fit. A
 * design the contract refuses is not sent: its first problem is answered instead. The previous picture
 * stays on screen while the next is drawn.
 */
export const useLivePreview = (request: TInfographicPreviewRequest, enabled: boolean) => {
  const [debounced] = useDebouncedValue(JSON.stringify(request), PREVIEW_DELAY_MS);
  const checked = ZInfographicPreviewRequest.safeParse(JSON.parse(debounced));
  const problem = checked.success
    ? null
    : `${checked.error.issues[0]?.path.join(' ') ?? ''}: ${checked.error.issues[0]?.message ?? 'invalid'}`.replace(
        /^: /,
        '',
      );
  const query = useQuery({
    queryKey: ['admin', 'infographic-live-preview', debounced],
    queryFn: async () => {
      const { blob, headers } = await postForApiBlob(
        pathOf(CALLS.previewAdminInfographic, undefined),
        checked.data,
      );
      return { blob, fit: fitOf(headers) };
    },
    enabled: enabled && checked.success,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60 * 1000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const [url, setUrl] = useState<string | null>(null);
  const blob = query.data?.blob;
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return {
    url,
    fit: query.data?.fit ?? null,
    /** The design cannot be drawn as it is (a colour half typed): what to fix. */
    problem,
    error: query.error instanceof Error ? query.error.message : null,
    isDrawing: query.isFetching || debounced !== JSON.stringify(request),
  };
};
