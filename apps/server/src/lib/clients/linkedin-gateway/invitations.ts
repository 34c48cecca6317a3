import { z } from 'zod';
import { LinkedInNoteNotAllowedError, LinkedInNotFoundError, LinkedInRequestError } from './errors';
import { fsdProfileUrn, indexIncluded, parseAnswer, profileIdOf, resolve, ZIncluded } from './normalized';
import type { Transport } from './transport';
import type { LinkedInSentInvitation } from './types';

/** LinkedIn's limit on an invitation note. */
export const MAX_NOTE_LENGTH = 300;
const PAGE = 100;
const MAX_PAGES = 20;

/** Error codes of a refused note (the sandbox uses the first; the pattern catches LinkedIn's variants). */
const NOTE_REFUSED = /CUSTOM_(?:MESSAGE|INVITATION|NOTE)|PERSONALIZED_INVITATION/i;

const invitationId = (urn: string): string => {
  const id = /(\d+)\)?$/.exec(urn.trim())?.[1];
  if (!id) throw new RangeError('An invitation URN looks like urn:li:fsd_invitation:<id>');
  return id;
};

const ZCreated = z.object({
  data: z
    .object({
      value: z.object({ invitationUrn: z.string().nullish(), '*invitation': z.string().nullish() }).nullish(),
    })
    .nullish(),
});

/**
 * `POST /voyager/api/voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2&decorationId=…`
 * with `{invitee:{inviteeUnion:{memberProfile}}, customMessage?}`.
 */
export const sendInvitation = async (
  t: Transport,
  profileUrn: string,
  message: string | null,
): Promise<{ invitationUrn: string | null }> => {
  const note = message?.trim() ? message.trim() : null;
  if (note !== null && note.length > MAX_NOTE_LENGTH) {
    throw new RangeError(`An invitation note is at most ${MAX_NOTE_LENGTH} characters`);
  }
  const path =
    '/voyager/api/voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2' +
    '&decorationId=com.linkedin.voyager.dash.deco.relationships.InvitationCreationResultWithInvitee-2';
  try {
    const answer = parseAnswer(
      ZCreated,
      await t.call('POST', path, {
        invitee: { inviteeUnion: { memberProfile: fsdProfileUrn(profileUrn) } },
        ...(note === null ? {} : { customMessage: note }),
      }),
      'POST /voyager/api/voyagerRelationshipsDashMemberRelationships',
    );
    const value = answer.data?.value;
    return { invitationUrn: value?.invitationUrn ?? value?.['*invitation'] ?? null };
  } catch (e) {
    if (
      note !== null &&
      e instanceof LinkedInRequestError &&
      e.status >= 400 &&
      e.status < 500 &&
      NOTE_REFUSED.test(e.code ?? '')
    ) {
      throw new LinkedInNoteNotAllowedError(
        'LinkedIn does not take a note with this invitation',
        e.status,
        e.code,
      );
    }
    throw e;
  }
};

const ZSentAnswer = z.object({
  data: z.object({ '*elements': z.array(z.string()).default([]) }),
  included: ZIncluded,
});
const ZView = z.object({ '*invitation': z.string() });
const ZSent = z.object({
  entityUrn: z.string(),
  sentTime: z.number(),
  sharedSecret: z.string(),
  '*toMember': z.string().nullish(),
  toMemberId: z.string().nullish(),
});

export type SharedSecrets = Map<string, string>;

/**
 * `GET /voyager/api/relationships/sentInvitationViewsV2?count=100&invitationType=CONNECTION&q=invitationType&start=…`:
 * pending invitations the member sent. Their shared secrets are kept for withdrawing.
 */
export const sentInvitations = async (
  t: Transport,
  secrets: SharedSecrets,
): Promise<LinkedInSentInvitation[]> => {
  const out: LinkedInSentInvitation[] = [];
  secrets.clear();
  for (let page = 0; page < MAX_PAGES; page++) {
    const path = `/voyager/api/relationships/sentInvitationViewsV2?count=${PAGE}&invitationType=CONNECTION&q=invitationType&start=${page * PAGE}`;
    const answer = parseAnswer(
      ZSentAnswer,
      await t.call('GET', path),
      'GET /voyager/api/relationships/sentInvitationViewsV2',
    );
    const index = indexIncluded(answer.included);
    for (const viewUrn of answer.data['*elements']) {
      const view = resolve(index, viewUrn, ZView);
      const inv = resolve(index, view?.['*invitation'], ZSent);
      const member = inv?.['*toMember'] ?? inv?.toMemberId;
      if (!inv || !member) continue;
      const id = invitationId(inv.entityUrn);
      secrets.set(id, inv.sharedSecret);
      out.push({
        invitationUrn: `urn:li:fsd_invitation:${id}`,
        profileUrn: fsdProfileUrn(profileIdOf(member)),
        sentAt: new Date(inv.sentTime),
      });
    }
    if (answer.data['*elements'].length < PAGE) break;
  }
  return out.sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime());
};

/**
 * `POST /voyager/api/relationships/invitations/<id>?action=withdraw` with the invitation's shared secret,
 * read from the sent invitations first when not known yet (as the "Sent" page does).
 */
export const withdrawInvitation = async (
  t: Transport,
  secrets: SharedSecrets,
  invitationUrn: string,
): Promise<void> => {
  const id = invitationId(invitationUrn);
  if (!secrets.has(id)) await sentInvitations(t, secrets);
  const secret = secrets.get(id);
  if (!secret) throw new LinkedInNotFoundError('The invitation is not pending any more');
  await t.call('POST', `/voyager/api/relationships/invitations/${id}?action=withdraw`, {
    invitationId: id,
    invitationSharedSecret: secret,
    isGenericInvitation: false,
  });
  secrets.delete(id);
};
