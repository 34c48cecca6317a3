import { z } from './messages';

/** A chat named in the path. */
export const ZChatIdParams = z.object({ id: z.uuid() });

/** Sales Assist Chat (spec §1, §2: the side list with "New Chat" and the chats' titles). */
export const NEW_CHAT_TITLE = 'New Chat';

/** The longest message a user may send, and the longest chat title. */
export const CHAT_LIMITS = { messageChars: 8_000, titleChars: 100, chatsPerPage: 30 } as const;

export const CHAT_MESSAGES = {
  chatNotFound: 'Chat not found',
  emptyMessage: 'Write a message first',
  messageTooLong: `A message can have at most ${CHAT_LIMITS.messageChars.toLocaleString('en-US')} characters`,
  emptyTitle: 'The title cannot be empty',
  titleTooLong: `A title can have at most ${CHAT_LIMITS.titleChars} characters`,
  busy: 'An answer is still being written in this chat: stop it or wait for it to end',
  nothingToRegenerate: 'There is no answer to write again',
  badCursor: 'cursor is not valid: use the next_cursor of the previous page',
  /** A failed answer's error when the server stopped while it was being written. */
  interrupted: 'The answer was interrupted: the server restarted while writing it',
} as const;

export const ZChat = z.object({
  id: z.uuid(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TChat = z.infer<typeof ZChat>;

/** GET /api/chats?cursor=: newest first, keyset-paged. */
export const ZChatsQuery = z.object({
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
});
export const ZChatsResponse = z.object({ chats: z.array(ZChat), next_cursor: z.string().nullable() });
export type TChatsResponse = z.infer<typeof ZChatsResponse>;

export const ZChatToolUse = z.object({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  summary: z.string(),
});
export type TChatToolUse = z.infer<typeof ZChatToolUse>;

export const ZChatMessageStatus = z.enum(['complete', 'streaming', 'stopped', 'failed']);

export const ZChatMessage = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** complete; stopped (Stop pressed or the page left: partial text kept); failed (error says why). */
  status: ZChatMessageStatus,
  error: z.string().nullable(),
  tools: z.array(ZChatToolUse),
  created_at: z.string(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** GET /api/chats/{id}: the chat and all its messages, oldest first. */
export const ZChatDetail = z.object({ chat: ZChat, messages: z.array(ZChatMessage) });
export type TChatDetail = z.infer<typeof ZChatDetail>;

export const ZRenameChatRequest = z.object({
  title: z
    .string()
    .trim()
    .min(1, CHAT_MESSAGES.emptyTitle)
    .max(CHAT_LIMITS.titleChars, CHAT_MESSAGES.titleTooLong),
});
export type TRenameChatRequest = z.input<typeof ZRenameChatRequest>;

/** POST /api/chats/{id}/messages: answered with a server-sent event stream (ChatStreamEvent). */
export const ZSendChatMessageRequest = z.object({
  content: z
    .string()
    .trim()
    .min(1, CHAT_MESSAGES.emptyMessage)
    .max(CHAT_LIMITS.messageChars, CHAT_MESSAGES.messageTooLong),
});
export type TSendChatMessageRequest = z.input<typeof ZSendChatMessageRequest>;

/**
 * The events of an answer's stream (each an SSE `data:` line of JSON), in order: `start` (both messages'
 * ids), then `queued`, `tool` and `delta` as they come, then exactly one of `done` or `error`.
 */
export const ZChatStreamEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    user_message_id: z.number().int(),
    assistant_message_id: z.number().int(),
  }),
  z.object({ type: z.literal('tool'), tool: ZChatToolUse }),
  /**
   * The built-in model is answering others first (one answer at a time): how many are ahead (1: next; 0, sent
   * once after a wait: its turn has come and it is reading the question).
   */
  z.object({ type: z.literal('queued'), ahead: z.number().int().min(0) }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    message: ZChatMessage,
    /** The chat's title when this exchange wrote it. */
    title: z.string().nullable(),
  }),
  z.object({ type: z.literal('error'), message: ZChatMessage.nullable(), error: z.string() }),
]);
export type TChatStreamEvent = z.infer<typeof ZChatStreamEvent>;
