import { CALLS, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { openSseStream } from '../../http/sse-stream';
import { listChats } from './list-chats';
import { chatDetail, createChat, deleteChat, renameChat } from './manage-chats';
import { runExchange } from './run-exchange';
import { checkExchange, startRegeneration } from './start-exchange';

const tags = ['chat'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

const STREAM_DESCRIPTION =
  'Answers text/event-stream, each event a `data:` line of JSON (ChatStreamEvent): `start` {user_message_id, ' +
  'assistant_message_id}, then `tool` {tool} and `delta` {text} as they come, then exactly one of `done` ' +
  '{message, title} (title: the chat title written by this exchange, else null) or `error` {message, error}. ' +
  'Closing the connection (Stop) aborts the model call and keeps the partial answer as `stopped`. Refusals ' +
  '(bad body, another user’s chat: 404, an answer still being written: 409) answer JSON before the stream opens; ' +
  'a chat deleted (or another process’s message started in it) between that check and the saving of the ' +
  'question ends the stream with `error` {message: null}, nothing saved.';

/** /chat: Sales Assist Chat, conversations and their streamed answers, each user's own. */
export const chatRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getChats, {
        schema: {
          tags,
          summary: 'The caller’s chats, the one with the newest message first (keyset-paged)',
          response: { ...errors },
        },
      }),
      handler: (request) => listChats(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.createChat, {
        schema: { tags, summary: 'Start a new chat, titled “New Chat”', response: { ...errors } },
      }),
      handler: (request) => createChat(deps, callerOf(request).user.id),
    });

    app.route({
      ...callRoute(CALLS.getChat, {
        schema: { tags, summary: 'A chat with all its messages, oldest first', response: { ...errors } },
      }),
      handler: (request) => chatDetail(deps, callerOf(request).user.id, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.updateChat, {
        schema: {
          tags,
          summary: 'Rename a chat (a written title never replaces the user’s own)',
          response: { ...errors },
        },
      }),
      handler: (request) =>
        renameChat(deps, callerOf(request).user.id, request.params.id, request.body.title),
    });

    app.route({
      ...callRoute(CALLS.deleteChat, {
        schema: { tags, summary: 'Delete a chat and its messages', response: { ...errors } },
      }),
      handler: (request) => deleteChat(deps, callerOf(request).user.id, request.params.id),
    });

    app.route({
      ...callRoute(CALLS.sendChatMessage, {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary: 'Send a message: saved at once, then the answer is streamed as server-sent events',
          description: STREAM_DESCRIPTION,
          response: { 200: z.string().describe('text/event-stream'), 409: ZErrorBody, ...errors },
        },
      }),
      handler: async (request, reply) => {
        // Checked (the caller's idle chat) with one read; the rows are written once the stream has opened.
        const exchange = await checkExchange(
          deps,
          callerOf(request).user.id,
          request.params.id,
          request.body.content,
        );
        await runExchange(deps, exchange, openSseStream(reply), request.log);
      },
    });

    app.route({
      ...callRoute(CALLS.regenerateChatAnswer, {
        config: { aiBudget: 'text' },
        schema: {
          tags,
          summary: 'Write the last answer again (it is replaced), streamed as server-sent events',
          description: STREAM_DESCRIPTION,
          response: { 200: z.string().describe('text/event-stream'), 409: ZErrorBody, ...errors },
        },
      }),
      handler: async (request, reply) => {
        const exchange = await startRegeneration(deps, callerOf(request).user.id, request.params.id);
        // Its rows were written before the stream opened: the answer to write again replaces the old one.
        await runExchange(
          deps,
          { ...exchange, save: async () => 'saved' },
          openSseStream(reply),
          request.log,
        );
      },
    });
  };
