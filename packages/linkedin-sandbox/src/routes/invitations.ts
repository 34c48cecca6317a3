import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { queryInt, queryString, sendError, sendNormalized } from '../http-util';
import { type Invitation, isConnected, type Member, pendingInvitationTo } from '../members';
import { hashString } from '../rng';
import { dashInvitation, miniProfile, miniProfileUrn } from '../shapes';
import { api, profileIdOf } from './api';

/** The 4xx the sandbox answers when LinkedIn will not take an invitation note (free-account limits). */
export const NOTE_NOT_ALLOWED_CODE = 'CUSTOM_MESSAGE_NOT_ALLOWED';

const RESEND_AFTER_DAYS = 21;

const ZCreate = z.object({
  invitee: z.object({ inviteeUnion: z.object({ memberProfile: z.string() }) }),
  customMessage: z.string().optional(),
});

const ZWithdraw = z.object({
  invitationId: z.union([z.string(), z.number()]),
  invitationSharedSecret: z.string(),
  isGenericInvitation: z.boolean().optional(),
});

const recentlyWithdrawn = (ctx: SandboxContext, member: Member, personIndex: number): boolean =>
  [...member.invitations.values()].some(
    (inv) =>
      inv.personIndex === personIndex &&
      inv.state === 'WITHDRAWN' &&
      (inv.settledAt?.getTime() ?? 0) + RESEND_AFTER_DAYS * ctx.dayMs > ctx.now().getTime(),
  );

export const registerInvitations = (app: FastifyInstance, ctx: SandboxContext): void => {
  /** `POST /voyager/api/voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2&decorationId=…` */
  app.post(
    '/voyager/api/voyagerRelationshipsDashMemberRelationships',
    api(ctx, (req, reply, { member }) => {
      if (!/^verifyQuotaAndCreate(V2)?$/.test(queryString(req, 'action') ?? '')) {
        return sendError(reply, 400, 'UNSUPPORTED_ACTION');
      }
      const body = ZCreate.safeParse(req.body);
      if (!body.success) return sendError(reply, 400, 'INVALID_BODY');
      const person = ctx.network.byProfileId.get(profileIdOf(body.data.invitee.inviteeUnion.memberProfile));
      if (!person) return sendError(reply, 404, 'NOT_FOUND', 'Member not found');
      if (isConnected(member, person)) return sendError(reply, 400, 'ALREADY_CONNECTED');
      if (pendingInvitationTo(member, person) || recentlyWithdrawn(ctx, member, person.index)) {
        return sendError(reply, 400, 'CANT_RESEND_YET');
      }
      const note = body.data.customMessage?.trim() ? body.data.customMessage : null;
      if (note !== null && note.length > 300) return sendError(reply, 400, 'INVALID_CUSTOM_MESSAGE_LENGTH');
      if (note !== null && (!member.notesAllowed || person.traits.refusesNotes)) {
        return sendError(reply, 400, NOTE_NOT_ALLOWED_CODE, 'You can not add a note to this invitation');
      }
      const id = ctx.ids.next();
      const inv: Invitation = {
        id,
        sharedSecret: hashString(`${member.key}|${id}`, ctx.network.seed).toString(36),
        personIndex: person.index,
        message: note,
        sentAt: ctx.now(),
        state: 'PENDING',
        settledAt: null,
      };
      member.invitations.set(id, inv);
      return sendNormalized(reply, {
        data: {
          $type: 'com.linkedin.restli.common.ActionResponse',
          value: {
            $type: 'com.linkedin.voyager.dash.relationships.invitation.InvitationCreationResult',
            '*invitation': `urn:li:fsd_invitation:${id}`,
            invitationUrn: `urn:li:fsd_invitation:${id}`,
          },
        },
        included: [dashInvitation(inv)],
      });
    }),
  );

  /** `GET /voyager/api/relationships/sentInvitationViewsV2?count=…&invitationType=CONNECTION&q=invitationType&start=…` */
  app.get(
    '/voyager/api/relationships/sentInvitationViewsV2',
    api(ctx, (req, reply, { member }) => {
      if (queryString(req, 'q') !== 'invitationType') return sendError(reply, 400, 'UNSUPPORTED_FINDER');
      const start = queryInt(req, 'start', 0, 0, 100_000);
      const count = queryInt(req, 'count', 10, 1, 100);
      const pending = [...member.invitations.values()]
        .filter((inv) => inv.state === 'PENDING')
        .sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime());
      const page = pending.slice(start, start + count);
      const included = page.flatMap((inv) => {
        const person = ctx.network.people[inv.personIndex];
        if (!person) return [];
        return [
          {
            $type: 'com.linkedin.voyager.relationships.invitation.InvitationView',
            entityUrn: `urn:li:fs_relInvitationView:${inv.id}`,
            '*invitation': `urn:li:fs_relInvitation:${inv.id}`,
          },
          {
            $type: 'com.linkedin.voyager.relationships.invitation.Invitation',
            entityUrn: `urn:li:fs_relInvitation:${inv.id}`,
            invitationType: 'CONNECTION',
            invitationState: 'PENDING',
            sentTime: inv.sentAt.getTime(),
            sharedSecret: inv.sharedSecret,
            '*toMember': miniProfileUrn(person.profileId),
            '*fromMember': miniProfileUrn(member.profile.profileId),
            toMemberId: person.profileId,
            ...(inv.message ? { message: inv.message } : {}),
          },
          miniProfile(ctx, person),
        ];
      });
      return sendNormalized(reply, {
        data: {
          $type: 'com.linkedin.restli.common.CollectionResponse',
          '*elements': page.map((inv) => `urn:li:fs_relInvitationView:${inv.id}`),
          paging: {
            $type: 'com.linkedin.restli.common.CollectionMetadata',
            start,
            count,
            total: pending.length,
          },
        },
        included,
      });
    }),
  );

  /** `POST /voyager/api/relationships/invitations/<id>?action=withdraw` with `{invitationId, invitationSharedSecret}`. */
  app.post(
    '/voyager/api/relationships/invitations/:invitationId',
    api(ctx, (req, reply, { member }) => {
      if (queryString(req, 'action') !== 'withdraw') return sendError(reply, 400, 'UNSUPPORTED_ACTION');
      const body = ZWithdraw.safeParse(req.body);
      if (!body.success) return sendError(reply, 400, 'INVALID_BODY');
      const { invitationId } = req.params as { invitationId: string };
      const inv = member.invitations.get(invitationId);
      if (!inv || String(body.data.invitationId) !== invitationId) return sendError(reply, 404, 'NOT_FOUND');
      if (inv.sharedSecret !== body.data.invitationSharedSecret)
        return sendError(reply, 400, 'INVALID_SHARED_SECRET');
      if (inv.state !== 'PENDING') return sendError(reply, 400, 'INVITATION_NOT_PENDING');
      inv.state = 'WITHDRAWN';
      inv.settledAt = ctx.now();
      return sendNormalized(reply, {
        data: { $type: 'com.linkedin.restli.common.ActionResponse' },
        included: [],
      });
    }),
  );
};
