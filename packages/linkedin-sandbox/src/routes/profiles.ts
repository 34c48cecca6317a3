import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { queryString, sendError, sendNormalized } from '../http-util';
import { personAt } from '../made-up-people';
import { distanceOf, isConnected, type Member, pendingInvitationTo } from '../members';
import type { Person } from '../network';
import { hashString } from '../rng';
import { dashInvitation, type Entity, fsdProfileUrn, vectorImage } from '../shapes';
import { api } from './api';

/**
 * Decorations a profile page load asks for; the sandbox counts a profile view for these and not for
 * lighter ones such as `TopCardSupplementary` (used to read the relationship without a visit).
 */
const PAGE_VIEW_DECORATIONS = /WebTopCardCore|FullProfileWithEntities|TopCardCore/;

const relationshipUnion = (member: Member, person: Person): Entity => {
  if (isConnected(member, person)) return { '*connection': `urn:li:fsd_connection:${person.profileId}` };
  const pending = pendingInvitationTo(member, person);
  return {
    noConnection: {
      memberDistance: distanceOf(member, person),
      invitationUnion: pending
        ? { '*invitation': `urn:li:fsd_invitation:${pending.id}` }
        : { noInvitation: { $type: 'com.linkedin.voyager.dash.relationships.NoInvitation' } },
    },
  };
};

export const profileEntities = (ctx: SandboxContext, member: Member, person: Person): Entity[] => {
  const urn = fsdProfileUrn(person.profileId);
  const relUrn = `urn:li:fsd_memberRelationship:${person.profileId}`;
  const geoUrn = `urn:li:fsd_geo:${person.geo.id}`;
  const industryUrn = `urn:li:fsd_industry:${hashString(person.industry) % 2000}`;
  const union = relationshipUnion(member, person);
  const entities: Entity[] = [
    {
      $type: 'com.linkedin.voyager.dash.identity.profile.Profile',
      entityUrn: urn,
      objectUrn: `urn:li:member:${person.memberId}`,
      publicIdentifier: person.publicIdentifier,
      firstName: person.firstName,
      lastName: person.lastName,
      headline: person.headline,
      '*memberRelationship': relUrn,
      '*industry': industryUrn,
      geoLocation: { $type: 'com.linkedin.voyager.dash.identity.profile.ProfileGeoLocation', '*geo': geoUrn },
      ...(person.pictureId
        ? {
            profilePicture: {
              $type: 'com.linkedin.voyager.dash.identity.profile.PhotoFilterPicture',
              a11yText: `${person.firstName} ${person.lastName}`,
              displayImageReference: { vectorImage: vectorImage(ctx, person.pictureId) },
            },
          }
        : {}),
    },
    {
      $type: 'com.linkedin.voyager.dash.relationships.MemberRelationship',
      entityUrn: relUrn,
      memberRelationshipUnion: union,
      memberRelationship: union,
    },
    {
      $type: 'com.linkedin.voyager.dash.common.Geo',
      entityUrn: geoUrn,
      defaultLocalizedName: person.geo.name,
      defaultLocalizedNameWithoutCountryName: person.geo.name.split(',')[0],
    },
    { $type: 'com.linkedin.voyager.dash.common.Industry', entityUrn: industryUrn, name: person.industry },
  ];
  const connection = member.addedConnections.get(person.index);
  if (isConnected(member, person)) {
    entities.push({
      $type: 'com.linkedin.voyager.dash.relationships.Connection',
      entityUrn: `urn:li:fsd_connection:${person.profileId}`,
      '*connectedMember': urn,
      createdAt: connection?.connectedAt.getTime() ?? 1_600_000_000_000,
    });
  }
  const pending = pendingInvitationTo(member, person);
  if (pending) entities.push(dashInvitation(pending));
  if (person.company) {
    const companyUrn = `urn:li:fsd_company:${person.company.id}`;
    entities.push(
      {
        $type: 'com.linkedin.voyager.dash.identity.profile.Position',
        entityUrn: `urn:li:fsd_position:(${person.profileId},${person.positionId})`,
        companyName: person.company.name,
        title: person.title,
        '*company': companyUrn,
        dateRange: { $type: 'com.linkedin.voyager.dash.common.DateRange', start: person.positionStart },
      },
      {
        $type: 'com.linkedin.voyager.dash.organization.Company',
        entityUrn: companyUrn,
        name: person.company.name,
        universalName: person.company.universalName,
      },
    );
  }
  return entities;
};

/** `GET /voyager/api/identity/dash/profiles?q=memberIdentity&memberIdentity=<publicIdentifier>&decorationId=…` */
export const registerProfiles = (app: FastifyInstance, ctx: SandboxContext): void => {
  app.get(
    '/voyager/api/identity/dash/profiles',
    api(ctx, (req, reply, { member }) => {
      if (queryString(req, 'q') !== 'memberIdentity') return sendError(reply, 400, 'UNSUPPORTED_FINDER');
      // Anyone at a well-formed address exists, as on LinkedIn: people of CSV imports are made up.
      const person = personAt(ctx.network, queryString(req, 'memberIdentity') ?? '');
      if (!person) return sendError(reply, 404, 'NOT_FOUND', 'Profile not found');
      if (PAGE_VIEW_DECORATIONS.test(queryString(req, 'decorationId') ?? '')) {
        member.profileViews.push({ personIndex: person.index, at: ctx.now() });
      }
      return sendNormalized(reply, {
        data: {
          $type: 'com.linkedin.restli.common.CollectionResponse',
          '*elements': [fsdProfileUrn(person.profileId)],
        },
        included: profileEntities(ctx, member, person),
      });
    }),
  );
};
