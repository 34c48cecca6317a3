import {
  ZLabelRequest,
  ZReplyRequest,
  ZReplyResponse,
  ZSuggestionResponse,
  ZThreadDetail,
  ZThreadIdParams,
  ZThreadsQuery,
  ZThreadsResponse,
  ZUnreadResponse,
} from '../engagement';
import { call } from './call';

/** The Engagement inbox's calls. */
export const engagementCalls = {
  getThreads: call({
    method: 'GET',
    path: '/api/engagement/threads',
    query: ZThreadsQuery,
    response: ZThreadsResponse,
  }),
  getEngagementUnread: call({ method: 'GET', path: '/api/engagement/unread', response: ZUnreadResponse }),
  getThread: call({
    method: 'GET',
    path: '/api/engagement/threads/:id',
    params: ZThreadIdParams,
    response: ZThreadDetail,
  }),
  markThreadRead: call({
    method: 'POST',
    path: '/api/engagement/threads/:id/read',
    params: ZThreadIdParams,
    response: ZThreadDetail,
  }),
  replyToThread: call({
    method: 'POST',
    path: '/api/engagement/threads/:id/reply',
    params: ZThreadIdParams,
    body: ZReplyRequest,
    response: ZReplyResponse,
  }),
  suggestReply: call({
    method: 'POST',
    path: '/api/engagement/threads/:id/suggestion',
    params: ZThreadIdParams,
    response: ZSuggestionResponse,
  }),
  labelThreadLead: call({
    method: 'PUT',
    path: '/api/engagement/threads/:id/label',
    params: ZThreadIdParams,
    body: ZLabelRequest,
    response: ZThreadDetail,
  }),
};
