import type { FastifyReply } from 'fastify';
import { groupMembers, hasJoinedGroup } from '../audiences';
import type { SandboxContext } from '../context';
import { sendError, sendNormalized } from '../http-util';
import type { Person } from '../network';
import { asObject, asString, type RestliValue } from '../restli';
import { type Entity, fsdProfileUrn, vectorImage } from '../shapes';

const toInt = (v: RestliValue | undefined, fallback: number): number => {
  const n = Number.parseInt(asString(v) ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
};

const profileEntity = (ctx: SandboxContext, person: Person): Entity => ({
  $type: 'com.linkedin.voyager.dash.identity.profile.Profile',
  entityUrn: fsdProfileUrn(person.profileId),
  objectUrn: `urn:li:member:${person.memberId}`,
  publicIdentifier: person.publicIdentifier,
  firstName: person.firstName,
  lastName: person.lastName,
  headline: person.headline,
  ...(person.pictureId
    ? { profilePicture: { displayImageReference: { vectorImage: vectorImage(ctx, person.pictureId) } } }
    : {}),
});

/**
 * `voyagerGroupsDashGroupMemberships` (graphql): `(count:…,groupUrn:urn:li:fsd_group:<id>,
 * membershipStatuses:List(OWNER,MANAGER,MEMBER),start:…)`. Only the group's members may list them.
 */
export const answerGroupMembers = (
  ctx: SandboxContext,
  reply: FastifyReply,
  variables: RestliValue,
): FastifyReply => {
  const vars = asObject(variables);
  const groupId = /^urn:li:fsd_group:(\d{1,19})$/.exec(asString(vars.groupUrn) ?? '')?.[1];
  if (!groupId) return sendError(reply, 400, 'INVALID_GROUP_URN');
  if (!hasJoinedGroup(groupId)) return sendError(reply, 403, 'NOT_A_GROUP_MEMBER');
  const start = Math.max(0, toInt(vars.start, 0));
  const count = Math.min(50, Math.max(1, toInt(vars.count, 10)));
  const members = [...groupMembers(ctx.network, groupId)]
    .map((i) => ctx.network.people[i])
    .filter((p): p is Person => p !== undefined);
  const page = members.slice(start, start + count);
  const memberships = page.map((p) => ({
    $type: 'com.linkedin.voyager.dash.groups.GroupMembership',
    entityUrn: `urn:li:fsd_groupMembership:(urn:li:fsd_group:${groupId},${fsdProfileUrn(p.profileId)})`,
    status: 'MEMBER',
    '*profile': fsdProfileUrn(p.profileId),
  }));
  return sendNormalized(reply, {
    data: {
      data: {
        groupsDashGroupMembershipsByGroup: {
          $type: 'com.linkedin.restli.common.CollectionResponse',
          '*elements': memberships.map((m) => m.entityUrn),
          paging: {
            $type: 'com.linkedin.restli.common.CollectionMetadata',
            start,
            count,
            total: members.length,
          },
        },
      },
    },
    included: [...memberships, ...page.map((p) => profileEntity(ctx, p))],
  });
};
