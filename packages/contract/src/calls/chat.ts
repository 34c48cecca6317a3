import {
  ZChat,
  ZChatDetail,
  ZChatIdParams,
  ZChatsQuery,
  ZChatsResponse,
  ZRenameChatRequest,
  ZSendChatMessageRequest,
} from '../chat';
import { ZMessageResponse } from '../common';
import { call } from './call';

/** The chat calls. */
export const chatCalls = {
  getChats: call({ method: 'GET', path: '/api/chats', query: ZChatsQuery, response: ZChatsResponse }),
  createChat: call({ method: 'POST', path: '/api/chats', response: ZChat }),
  getChat: call({ method: 'GET', path: '/api/chats/:id', params: ZChatIdParams, response: ZChatDetail }),
  updateChat: call({
    method: 'PATCH',
    path: '/api/chats/:id',
    params: ZChatIdParams,
    body: ZRenameChatRequest,
    response: ZChat,
  }),
  deleteChat: call({
    method: 'DELETE',
    path: '/api/chats/:id',
    params: ZChatIdParams,
    response: ZMessageResponse,
  }),
  sendChatMessage: call({
    method: 'POST',
    path: '/api/chats/:id/messages',
    params: ZChatIdParams,
    body: ZSendChatMessageRequest,
    response: 'event-stream',
  }),
  regenerateChatAnswer: call({
    method: 'POST',
    path: '/api/chats/:id/regenerate',
    params: ZChatIdParams,
    response: 'event-stream',
  }),
};
