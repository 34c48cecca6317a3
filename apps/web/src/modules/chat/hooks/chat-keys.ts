/** Query keys of the chat screen: the side list (paged) and each chat with its messages. */
export const CHATS_KEY = ['chats'] as const;
export const chatDetailKey = (id: string) => ['chats', 'detail', id] as const;
export const CHATS_LIST_KEY = ['chats', 'list'] as const;
