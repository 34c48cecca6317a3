import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';

/** The key the Engagement inbox refreshes after a read, a reply or a label (modules/engagement/hooks/engagement-keys.ts). */
const ENGAGEMENT_UNREAD_KEY = ['engagement', 'unread'] as const;
/** New replies come with the engine and the inbox's refresh job: a look once a minute is soon enough for a badge. */
const UNREAD_POLL_MS = 60_000;

/**
 * The sidebar's counts by link: the unread messages of the Engagement inbox. A failed look is silent and
 * waits for the next one; an admin's sidebar has no such link and never looks.
 */
export const useNavCounts = (enabled: boolean): Record<string, number> => {
  const unread = useQuery({
    queryKey: ENGAGEMENT_UNREAD_KEY,
    queryFn: () => callApi(CALLS.getEngagementUnread, { toastErrors: false }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    retry: false,
  });
  return { '/engagement': unread.data?.unread_total ?? 0 };
};
