import { CALLS } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { chatDetailKey } from './chat-keys';

/** One chat and its messages, oldest first (none while the New Chat view is open). */
export const useChatDetail = (id: string | null) =>
  useQuery({
    queryKey: chatDetailKey(id ?? 'none'),
    queryFn: () => callApi(CALLS.getChat, { params: { id: id ?? '' }, toastErrors: false }), // asked only with a chat (enabled),
    enabled: id !== null,
    // An answer saved as still being written (another tab, or just stopped) is read again until it ends.
    refetchInterval: (query) => (query.state.data?.messages.at(-1)?.status === 'streaming' ? 1500 : false),
    refetchOnWindowFocus: false,
    // This screen writes every change into the cache itself (the new chat, each message, the answer, a
    // rename): reading the chat again at once could only race an answer being written.
    staleTime: 60_000,
  });
