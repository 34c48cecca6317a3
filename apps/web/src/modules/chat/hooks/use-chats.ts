import { CALLS, type TChat } from '@sales-assist/contract';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../app/api/call-api';
import { CHATS_LIST_KEY } from './chat-keys';

type TChatsPages = InfiniteData<{ chats: TChat[]; next_cursor: string | null }, string | null>;

/** The side list: newest first, a page at a time ("Load more" asks for the next cursor). */
export const useChats = () =>
  useInfiniteQuery({
    queryKey: CHATS_LIST_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      callApi(CALLS.getChats, { query: { cursor: pageParam ?? undefined }, toastErrors: false }),
    getNextPageParam: (last) => last.next_cursor,
  });

/** Puts a chat (new, renamed or just answered) at the top of the list, or changes it where it is. */
export const upsertCachedChat = (queryClient: QueryClient, chat: TChat, moveToTop: boolean): void => {
  queryClient.setQueryData<TChatsPages>(CHATS_LIST_KEY, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      chats: moveToTop
        ? page.chats.filter((item) => item.id !== chat.id)
        : page.chats.map((item) => (item.id === chat.id ? chat : item)),
    }));
    if (moveToTop && pages[0]) pages[0] = { ...pages[0], chats: [chat, ...pages[0].chats] };
    return { ...data, pages };
  });
};

export const removeCachedChat = (queryClient: QueryClient, id: string): void => {
  queryClient.setQueryData<TChatsPages>(CHATS_LIST_KEY, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, chats: page.chats.filter((chat) => chat.id !== id) })),
        }
      : data,
  );
};
