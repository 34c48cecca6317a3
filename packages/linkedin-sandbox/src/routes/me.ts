import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { sendNormalized } from '../http-util';
import { miniProfile, miniProfileUrn } from '../shapes';
import { api } from './api';

/** `GET /voyager/api/me`: the signed-in member (`com.linkedin.voyager.common.Me` + its MiniProfile). */
export const registerMe = (app: FastifyInstance, ctx: SandboxContext): void => {
  app.get(
    '/voyager/api/me',
    api(ctx, (_req, reply, { member }) =>
      sendNormalized(reply, {
        data: {
          $type: 'com.linkedin.voyager.common.Me',
          '*miniProfile': miniProfileUrn(member.profile.profileId),
          plainId: member.profile.memberId,
          premiumSubscriber: false,
          publicContactInfo: { $type: 'com.linkedin.voyager.identity.shared.PublicContactInfo' },
        },
        included: [miniProfile(ctx, member.profile)],
      }),
    ),
  );
};
