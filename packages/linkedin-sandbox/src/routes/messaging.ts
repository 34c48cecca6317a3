import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { queryInt, queryString, sendError, sendNormalized } from '../http-util';
import { type Conversation, isConnected, type Member } from '../members';
import type { Person } from '../network';
import { asList, asString, RestliSyntaxError, restliParam } from '../restli';
import { type Entity, miniProfile, miniProfileUrn } from '../shapes';
import { api, profileIdOf } from './api';

const MESSAGE_CREATE = 'com.linkedin.voyager.messaging.create.MessageCreate';
const EVENTS_PAGE = 20;

const ZEventCreate = z.object({
  value: z.object({
    [MESSAGE_CREATE]: z.object({ attributedBody: z.object({ text: z.string().min(1).max(8000) }) }),
  }),
});
const ZConversationCreate = z.object({
  keyVersion: z.string().optional(),
  conversationCreate: z.object({ eventCreate: ZEventCreate, recipients: z.array(z.string()).min(1) }),
});
const ZEventOnly = z.object({ eventCreate: ZEventCreate });

const memberUrn = (conversationId: string, profileId: string): string =>
  `urn:li:fs_messagingMember:(${conversationId},${profileId})`;

const participantEntities = (
  ctx: SandboxContext,
  member: Member,
  person: Person,
  conversationId: string,
): Entity[] => [
  {
    $type: 'com.linkedin.voyager.messaging.MessagingMember',
    entityUrn: memberUrn(conversationId, person.profileId),
    '*miniProfile': miniProfileUrn(person.profileId),
  },
  {
    $type: 'com.linkedin.voyager.messaging.MessagingMember',
    entityUrn: memberUrn(conversationId, member.profile.profileId),
    '*miniProfile': miniProfileUrn(member.profile.profileId),
  },
  miniProfile(ctx, person),
  miniProfile(ctx, member.profile),
];

const eventEntity = (
  member: Member,
  person: Person,
  c: Conversation,
  m: Conversation['messages'][number],
): Entity => ({
  $type: 'com.linkedin.voyager.messaging.Event',
  entityUrn: `urn:li:fs_event:(${c.id},${m.id})`,
  backendUrn: `urn:li:messagingMessage:${m.id}`,
  createdAt: m.at.getTime(),
  subtype: 'MEMBER_TO_MEMBER',
  '*from': memberUrn(c.id, m.from === 'me' ? member.profile.profileId : person.profileId),
  eventContent: {
    $type: 'com.linkedin.voyager.messaging.event.MessageEvent',
    attributedBody: { $type: 'com.linkedin.pemberly.text.AttributedText', text: m.text, attributes: [] },
    body: '',
  },
});

const conversationById = (member: Member, id: string): Conversation | undefined =>
  [...member.conversations.values()].find((c) => c.id === id);

const send = (
  ctx: SandboxContext,
  reply: FastifyReply,
  member: Member,
  person: Person,
  existing: Conversation | undefined,
  text: string,
): FastifyReply => {
  if (!isConnected(member, person)) {
    return sendError(
      reply,
      400,
      'RECIPIENT_NOT_FIRST_DEGREE_CONNECTION',
      'You can only message your connections',
    );
  }
  let conversation = existing ?? member.conversations.get(person.index);
  if (!conversation) {
    conversation = { id: ctx.ids.next('2-'), personIndex: person.index, messages: [], replied: false };
    member.conversations.set(person.index, conversation);
  }
  const message = { id: ctx.ids.next('2-'), from: 'me' as const, text, at: ctx.now() };
  conversation.messages.push(message);
  return sendNormalized(
    reply,
    {
      data: {
        $type: 'com.linkedin.restli.common.ActionResponse',
        value: {
          $type: 'com.linkedin.voyager.messaging.create.ConversationCreateResponse',
          createdAt: message.at.getTime(),
          eventUrn: `urn:li:fs_event:(${conversation.id},${message.id})`,
          backendEventUrn: `urn:li:messagingMessage:${message.id}`,
          conversationUrn: `urn:li:fs_conversation:${conversation.id}`,
          backendConversationUrn: `urn:li:messagingThread:${conversation.id}`,
        },
      },
      included: [],
    },
    201,
  );
};

export const registerMessaging = (app: FastifyInstance, ctx: SandboxContext): void => {
  /** `POST /voyager/api/messaging/conversations?action=create` (LEGACY_INBOX conversationCreate). */
  app.post(
    '/voyager/api/messaging/conversations',
    api(ctx, (req, reply, { member }) => {
      if (queryString(req, 'action') !== 'create') return sendError(reply, 400, 'UNSUPPORTED_ACTION');
      const body = ZConversationCreate.safeParse(req.body);
      if (!body.success) return sendError(reply, 400, 'INVALID_BODY');
      const { recipients, eventCreate } = body.data.conversationCreate;
      if (recipients.length !== 1) return sendError(reply, 400, 'UNSUPPORTED_GROUP_CONVERSATION');
      const person = ctx.network.byProfileId.get(profileIdOf(recipients[0] ?? ''));
      if (!person) return sendError(reply, 404, 'NOT_FOUND');
      return send(
        ctx,
        reply,
        member,
        person,
        undefined,
        eventCreate.value[MESSAGE_CREATE].attributedBody.text,
      );
    }),
  );

  /** `POST /voyager/api/messaging/conversations/<id>/events?action=create`: a message in an existing thread. */
  app.post(
    '/voyager/api/messaging/conversations/:conversationId/events',
    api(ctx, (req, reply, { member }) => {
      if (queryString(req, 'action') !== 'create') return sendError(reply, 400, 'UNSUPPORTED_ACTION');
      const body = ZEventOnly.safeParse(req.body);
      if (!body.success) return sendError(reply, 400, 'INVALID_BODY');
      const conversation = conversationById(
        member,
        (req.params as { conversationId: string }).conversationId,
      );
      const person = conversation ? ctx.network.people[conversation.personIndex] : undefined;
      if (!conversation || !person) return sendError(reply, 404, 'NOT_FOUND');
      return send(
        ctx,
        reply,
        member,
        person,
        conversation,
        body.data.eventCreate.value[MESSAGE_CREATE].attributedBody.text,
      );
    }),
  );

  /** `GET /voyager/api/messaging/conversations?keyVersion=LEGACY_INBOX&q=participants&recipients=List(<id>)` */
  app.get(
    '/voyager/api/messaging/conversations',
    api(ctx, (req, reply, { member }) => {
      if (queryString(req, 'q') !== 'participants') return sendError(reply, 400, 'UNSUPPORTED_FINDER');
      let recipients: string[];
      try {
        recipients = asList(restliParam(req.url, 'recipients'))
          .map(asString)
          .filter((r): r is string => r !== undefined);
      } catch (e) {
        if (e instanceof RestliSyntaxError) return sendError(reply, 400, 'INVALID_RECIPIENTS');
        throw e;
      }
      const person = ctx.network.byProfileId.get(profileIdOf(recipients[0] ?? ''));
      const conversation = person ? member.conversations.get(person.index) : undefined;
      const last = conversation?.messages.at(-1);
      if (!person || !conversation || !last) {
        return sendNormalized(reply, {
          data: {
            $type: 'com.linkedin.restli.common.CollectionResponse',
            '*elements': [],
            paging: { start: 0, count: 20, total: 0 },
          },
          included: [],
        });
      }
      return sendNormalized(reply, {
        data: {
          $type: 'com.linkedin.restli.common.CollectionResponse',
          '*elements': [`urn:li:fs_conversation:${conversation.id}`],
          paging: { $type: 'com.linkedin.restli.common.CollectionMetadata', start: 0, count: 20, total: 1 },
        },
        included: [
          {
            $type: 'com.linkedin.voyager.messaging.Conversation',
            entityUrn: `urn:li:fs_conversation:${conversation.id}`,
            backendUrn: `urn:li:messagingThread:${conversation.id}`,
            lastActivityAt: last.at.getTime(),
            read: true,
            '*participants': [memberUrn(conversation.id, person.profileId)],
            '*events': [`urn:li:fs_event:(${conversation.id},${last.id})`],
          },
          eventEntity(member, person, conversation, last),
          ...participantEntities(ctx, member, person, conversation.id),
        ],
      });
    }),
  );

  /** `GET /voyager/api/messaging/conversations/<id>/events[?createdBefore=<ms>]`: up to 20 events before a time. */
  app.get(
    '/voyager/api/messaging/conversations/:conversationId/events',
    api(ctx, (req, reply, { member }) => {
      const conversation = conversationById(
        member,
        (req.params as { conversationId: string }).conversationId,
      );
      const person = conversation ? ctx.network.people[conversation.personIndex] : undefined;
      if (!conversation || !person) return sendError(reply, 404, 'NOT_FOUND');
      const before = queryInt(req, 'createdBefore', Number.MAX_SAFE_INTEGER, 0, Number.MAX_SAFE_INTEGER);
      const page = conversation.messages.filter((m) => m.at.getTime() < before).slice(-EVENTS_PAGE);
      const events = page.map((m) => eventEntity(member, person, conversation, m));
      return sendNormalized(reply, {
        data: {
          $type: 'com.linkedin.restli.common.CollectionResponse',
          '*elements': events.map((e) => e.entityUrn),
          paging: {
            $type: 'com.linkedin.restli.common.CollectionMetadata',
            start: 0,
            count: EVENTS_PAGE,
            total: 0,
          },
        },
        included: [...events, ...participantEntities(ctx, member, person, conversation.id)],
      });
    }),
  );
};
