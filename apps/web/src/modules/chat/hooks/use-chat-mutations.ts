import { CALLS, type TRenameChatRequest, type ZChat } from '@sales-assist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../app/api/call-api';
import { toast } from '../../../app/api/toast';
import { chatDetailKey } from './chat-keys';
import { removeCachedChat, upsertCachedChat } from './use-chats';

/** Opens a chat on the server when the first message of a New Chat is sent. */
export const useCreateChat = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(CALLS.createChat, {}),
    onSuccess: (chat) => {
      upsertCachedChat(queryClient, chat, true);
      queryClient.setQueryData(chatDetailKey(chat.id), { chat, messages: [] });
    },
  });
};

/** Renames in place; the list shows the new title at once and the old one again if the server refuses. */
export const useRenameChat = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string; previous: z.infer<typeof ZChat> }) =>
      callApi(CALLS.updateChat, { params: { id }, body: { title } satisfies TRenameChatRequest }),
    onMutate: ({ title, previous }) => upsertCachedChat(queryClient, { ...previous, title }, false),
    onError: (_error, { previous }) => upsertCachedChat(queryClient, previous, false),
    onSuccess: (chat) => {
      upsertCachedChat(queryClient, chat, false);
      queryClient.setQueryData(chatDetailKey(chat.id), (data: { chat: unknown } | undefined) =>
        data ? { ...data, chat } : data,
      );
    },
  });
};

export const useDeleteChat = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(CALLS.deleteChat, { params: { id } }),
    onSuccess: (_data, id) => {
      removeCachedChat(queryClient, id);
      queryClient.removeQueries({ queryKey: chatDetailKey(id) });
      toast('success', 'Chat deleted');
    },
  });
};
