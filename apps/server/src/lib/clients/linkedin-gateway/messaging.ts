import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { indexIncluded, parseAnswer, profileIdOf, resolve, ZIncluded } from './normalized';
import { restli } from './restli';
import type { Transport } from './transport';
import type { LinkedInMessage, LinkedInSentMessage } from './types';

export const MAX_MESSAGE_LENGTH = 8000;
const MAX_PAGES = 10;

const ZCreated = z.object({
  data: z
    .object({
      value: z
        .object({
          conversationUrn: z.string().nullish(),
          eventUrn: z.string().nullish(),
          createdAt: z.number().nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

/**
 * `POST /voyager/api/messaging/conversations?action=create` (LEGACY_INBOX `conversationCreate` with the
 * recipient's profile id); LinkedIn adds it to the existing thread with that person if there is one.
 */
export const sendMessage = async (
  t: Transport,
  profileUrn: string,
  text: string,
): Promise<LinkedInSentMessage> => {
  const body = text.trim();
  if (!body || body.length > MAX_MESSAGE_LENGTH)
    throw new RangeError(`A message has 1 to ${MAX_MESSAGE_LENGTH} characters`);
  const answer = parseAnswer(
    ZCreated,
    await t.call('POST', '/voyager/api/messaging/conversations?action=create', {
      keyVersion: 'LEGACY_INBOX',
      conversationCreate: {
        eventCreate: {
          originToken: randomUUID(),
          value: {
            'com.linkedin.voyager.messaging.create.MessageCreate': {
              attributedBody: { text: body, attributes: [] },
              attachments: [],
            },
          },
          trackingId: randomUUID().replaceAll('-', '').slice(0, 16),
        },
        recipients: [profileIdOf(profileUrn)],
        subtype: 'MEMBER_TO_MEMBER',
      },
      dedupeByClientGeneratedToken: false,
    }),
    'POST /voyager/api/messaging/conversations',
  );
  const value = answer.data?.value;
  return {
    conversationUrn: value?.conversationUrn ?? null,
    messageUrn: value?.eventUrn ?? null,
    sentAt: new Date(value?.createdAt ?? Date.now()),
  };
};

const ZConversations = z.object({
  data: z.object({ '*elements': z.array(z.string()).default([]) }),
  included: ZIncluded,
});
type Collection = z.infer<typeof ZConversations>;
const ZEvent = z.object({
  entityUrn: z.string(),
  createdAt: z.number(),
  '*from': z.string().nullish(),
  eventContent: z
    .object({ attributedBody: z.object({ text: z.string() }).nullish(), body: z.string().nullish() })
    .nullish(),
});

/** `urn:li:fs_messagingMember:(2-abc==,ACoAA…)` → `ACoAA…`. */
const senderId = (memberUrn: string | null | undefined): string | null =>
  /,([^,()]+)\)$/.exec(memberUrn ?? '')?.[1] ?? null;

/**
 * The thread with one person: `GET /voyager/api/messaging/conversations?keyVersion=LEGACY_INBOX&q=participants&recipients=List(<id>)`,
 * then its events, 20 at a time going back with `createdBefore`. Oldest first.
 */
export const conversationWith = async (t: Transport, profileUrn: string): Promise<LinkedInMessage[]> => {
  const theirId = profileIdOf(profileUrn);
  const found = parseAnswer(
    ZConversations,
    await t.call(
      'GET',
      `/voyager/api/messaging/conversations?keyVersion=LEGACY_INBOX&q=participants&recipients=${restli([theirId])}`,
    ),
    'GET /voyager/api/messaging/conversations',
  );
  const conversationUrn = found.data['*elements'][0];
  if (!conversationUrn) return [];
  const conversationId = conversationUrn.replace(/^urn:li:fs_conversation:/, '');
  const messages = new Map<string, LinkedInMessage & { at: number }>();
  let before: number | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query: string = before === null ? '' : `?createdBefore=${before}`;
    const answer: Collection = parseAnswer(
      ZConversations,
      await t.call(
        'GET',
        `/voyager/api/messaging/conversations/${encodeURIComponent(conversationId)}/events${query}`,
      ),
      'GET /voyager/api/messaging/conversations/…/events',
    );
    const index = indexIncluded(answer.included);
    let oldest: number | null = null;
    for (const urn of answer.data['*elements']) {
      const event: z.infer<typeof ZEvent> | undefined = resolve(index, urn, ZEvent);
      if (!event) continue;
      oldest = oldest === null ? event.createdAt : Math.min(oldest, event.createdAt);
      const text = event.eventContent?.attributedBody?.text || event.eventContent?.body || '';
      messages.set(event.entityUrn, {
        urn: event.entityUrn,
        conversationUrn,
        from: senderId(event['*from']) === theirId ? 'them' : 'me',
        text,
        sentAt: new Date(event.createdAt),
        at: event.createdAt,
      });
    }
    if (oldest === null || answer.data['*elements'].length < 20 || (before !== null && oldest >= before))
      break;
    before = oldest;
  }
  return [...messages.values()].sort((a, b) => a.at - b.at).map(({ at: _at, ...message }) => message);
};
