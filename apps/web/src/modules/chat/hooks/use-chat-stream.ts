import {
  CALLS,
  type TChatDetail,
  type TChatMessage,
  type TChatToolUse,
  ZChatStreamEvent,
} from '@sales-assist/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { pathOf } from '../../../app/api/call-api';
import { openStream } from '../../../app/api/open-stream';
import { readSse } from '../../../app/api/read-sse';
import { toast } from '../../../app/api/toast';
import { chatDetailKey } from './chat-keys';
import { upsertCachedChat } from './use-chats';

/** The answer being written, shown below the chat's saved messages until it is saved. */
export type TLiveAnswer = {
  chatId: string;
  text: string;
  tools: TChatToolUse[];
  phase: 'waiting' | 'streaming' | 'failed';
  error: string | null;
  /** Answers the built-in model writes before this one (it writes one at a time); null when none. */
  ahead: number | null;
};

const LOST = 'The connection was lost while the answer was written.';
/** After Stop the server saves the partial answer; the chat is read again a moment later to show it. */
const REFRESH_AFTER_STOP_MS = 600;

const messageOf = (
  id: number,
  role: TChatMessage['role'],
  content: string,
  extra: Partial<TChatMessage> = {},
): TChatMessage => ({
  id,
  role,
  content,
  status: 'complete',
  error: null,
  tools: [],
  created_at: new Date().toISOString(),
  ...extra,
});

/** A refetch while the answer was written may have brought its saved row already: never show it twice. */
const withoutId = (messages: TChatMessage[], id: number | null): TChatMessage[] =>
  id === null ? messages : messages.filter((item) => item.id !== id);

/**
 * Sends a message (or asks for the last answer again) and follows the answer's event stream. Stop, leaving
 * the page or opening another chat aborts the fetch: the server stops the model and keeps the partial
 * text, marked stopped. The chat's cached messages are updated as the events come, so nothing flickers
 * when the saved chat is read again.
 */
export const useChatStream = () => {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<TLiveAnswer | null>(null);
  const controller = useRef<AbortController | null>(null);
  const liveRef = useRef<TLiveAnswer | null>(null);
  const assistantId = useRef<number | null>(null);
  liveRef.current = live;

  useEffect(() => () => controller.current?.abort(), []);

  const patchMessages = useCallback(
    (chatId: string, change: (messages: TChatMessage[]) => TChatMessage[]) =>
      queryClient.setQueryData<TChatDetail>(chatDetailKey(chatId), (data) =>
        data ? { ...data, messages: change(data.messages) } : data,
      ),
    [queryClient],
  );

  const stop = useCallback(() => {
    const own = controller.current;
    const current = liveRef.current;
    if (!own || !current) return;
    own.abort();
    controller.current = null;
    if (current.phase !== 'failed') {
      patchMessages(current.chatId, (messages) => [
        ...withoutId(messages, assistantId.current),
        messageOf(assistantId.current ?? -Date.now(), 'assistant', current.text, {
          status: 'stopped',
          tools: current.tools,
        }),
      ]);
    }
    setLive(null);
    setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: chatDetailKey(current.chatId) }),
      REFRESH_AFTER_STOP_MS,
    );
  }, [patchMessages, queryClient]);

  /** Answers false when the server refused before writing anything (the caller gives the text back). */
  const run = useCallback(
    async (chatId: string, path: string, body: unknown, undo: () => void): Promise<boolean> => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      assistantId.current = null;
      setLive({ chatId, text: '', tools: [], phase: 'waiting', error: null, ahead: null });
      let stream: ReadableStream<Uint8Array>;
      try {
        stream = await openStream(path, body, own.signal);
      } catch (error) {
        if (own.signal.aborted) return true;
        undo();
        setLive(null);
        controller.current = null;
        toast(
          'error',
          isApiError(error) ? error.message : 'Could not reach the server. Please check your connection.',
        );
        return false;
      }
      const fail = (error: string) => {
        setLive((current) => (current ? { ...current, phase: 'failed', error } : current));
        controller.current = null;
      };
      try {
        for await (const message of readSse(stream)) {
          if (own.signal.aborted) return true;
          const parsed = ZChatStreamEvent.safeParse(message.data);
          if (!parsed.success) continue;
          const event = parsed.data;
          switch (event.type) {
            case 'start':
              assistantId.current = event.assistant_message_id;
              patchMessages(chatId, (messages) =>
                messages.map((item) => (item.id === 0 ? { ...item, id: event.user_message_id } : item)),
              );
              setLive((current) => (current ? { ...current, phase: 'streaming' } : current));
              break;
            case 'queued':
              setLive((current) =>
                current ? { ...current, phase: 'waiting', ahead: event.ahead } : current,
              );
              break;
            case 'tool':
              setLive((current) =>
                current ? { ...current, tools: [...current.tools, event.tool] } : current,
              );
              break;
            case 'delta':
              setLive((current) =>
                current
                  ? { ...current, phase: 'streaming', ahead: null, text: current.text + event.text }
                  : current,
              );
              break;
            case 'done': {
              patchMessages(chatId, (messages) => [...withoutId(messages, event.message.id), event.message]);
              const detail = queryClient.getQueryData<TChatDetail>(chatDetailKey(chatId));
              if (detail) {
                const chat = {
                  ...detail.chat,
                  title: event.title ?? detail.chat.title,
                  updated_at: event.message.created_at,
                };
                queryClient.setQueryData<TChatDetail>(chatDetailKey(chatId), { ...detail, chat });
                upsertCachedChat(queryClient, chat, true);
              }
              controller.current = null;
              setLive(null);
              return true;
            }
            case 'error': {
              const saved = event.message;
              if (saved) {
                patchMessages(chatId, (messages) => [...withoutId(messages, saved.id), saved]);
                setLive(null);
                controller.current = null;
              } else fail(event.error);
              return true;
            }
          }
        }
        if (!own.signal.aborted) {
          fail(LOST);
          void queryClient.invalidateQueries({ queryKey: chatDetailKey(chatId) });
        }
      } catch {
        if (!own.signal.aborted) {
          fail(LOST);
          void queryClient.invalidateQueries({ queryKey: chatDetailKey(chatId) });
        }
      }
      return true;
    },
    [patchMessages, queryClient],
  );

  const send = useCallback(
    (chatId: string, content: string) => {
      // The user's message shows at once (id 0 until the server names it in `start`).
      patchMessages(chatId, (messages) => [...messages, messageOf(0, 'user', content)]);
      return run(chatId, pathOf(CALLS.sendChatMessage, { id: chatId }), { content }, () =>
        patchMessages(chatId, (messages) => messages.filter((item) => item.id !== 0)),
      );
    },
    [patchMessages, run],
  );

  const regenerate = useCallback(
    (chatId: string) => {
      const detail = queryClient.getQueryData<TChatDetail>(chatDetailKey(chatId));
      const last = detail?.messages.at(-1);
      // The answer written again replaces the last one (the server does the same).
      if (last?.role === 'assistant') patchMessages(chatId, (messages) => messages.slice(0, -1));
      return run(chatId, pathOf(CALLS.regenerateChatAnswer, { id: chatId }), undefined, () => {
        if (last?.role === 'assistant') patchMessages(chatId, (messages) => [...messages, last]);
      });
    },
    [patchMessages, queryClient, run],
  );

  const dismiss = useCallback(() => setLive((current) => (current?.phase === 'failed' ? null : current)), []);

  return { live, send, regenerate, stop, dismiss };
};
