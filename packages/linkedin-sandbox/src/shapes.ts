/**
 * Builders of Voyager entities as they appear in `included` of LinkedIn's normalized JSON
 * (`application/vnd.linkedin.normalized+json+2.1`): each entity has `$type` and `entityUrn`, and
 * references to other entities are `*field` keys holding their URNs.
 */
import type { SandboxContext } from './context';
import type { Distance, Invitation, MemberProfile } from './members';
import type { Person } from './network';

export type ProfileLike = MemberProfile | Person;
export type Entity = Record<string, unknown>;

export const fsdProfileUrn = (profileId: string): string => `urn:li:fsd_profile:${profileId}`;
export const miniProfileUrn = (profileId: string): string => `urn:li:fs_miniProfile:${profileId}`;
export const activityUrn = (activityId: string): string => `urn:li:activity:${activityId}`;

const PICTURE_SIZES = [100, 200, 400, 800];

const pictureRoot = (ctx: SandboxContext, pictureId: string): string =>
  `${ctx.mediaBaseUrl()}/dms/image/v2/${pictureId}/`;
const pictureSegment = (size: number): string =>
  `profile-displayphoto-shrink_${size}_${size}/0/1700000000000?e=4102444800&v=beta&t=sandbox`;

/** The URL of one size of a picture, as root URL + artifact segment make it. */
export const pictureUrl = (ctx: SandboxContext, pictureId: string, size = 200): string =>
  `${pictureRoot(ctx, pictureId)}${pictureSegment(size)}`;

export const vectorImage = (ctx: SandboxContext, pictureId: string): Entity => ({
  $type: 'com.linkedin.common.VectorImage',
  rootUrl: pictureRoot(ctx, pictureId),
  artifacts: PICTURE_SIZES.map((size) => ({
    $type: 'com.linkedin.common.VectorArtifact',
    width: size,
    height: size,
    expiresAt: 4_102_444_800_000,
    fileIdentifyingUrlPathSegment: pictureSegment(size),
  })),
});

export const miniProfile = (ctx: SandboxContext, p: ProfileLike): Entity => ({
  $type: 'com.linkedin.voyager.identity.shared.MiniProfile',
  entityUrn: miniProfileUrn(p.profileId),
  dashEntityUrn: fsdProfileUrn(p.profileId),
  objectUrn: `urn:li:member:${p.memberId}`,
  publicIdentifier: p.publicIdentifier,
  firstName: p.firstName,
  lastName: p.lastName,
  occupation: p.headline,
  trackingId: Buffer.from(p.profileId.slice(5, 21)).toString('base64'),
  ...(p.pictureId ? { picture: vectorImage(ctx, p.pictureId) } : {}),
});

const DISTANCE_BADGE: Record<Distance, string> = { DISTANCE_1: '1st', DISTANCE_2: '2nd', DISTANCE_3: '3rd+' };

export const badgeFor = (distance: Distance): string => DISTANCE_BADGE[distance];

/** One people-search hit (`com.linkedin.voyager.dash.search.EntityResultViewModel`). */
export const entityResult = (ctx: SandboxContext, person: Person, distance: Distance): Entity => {
  const urn = fsdProfileUrn(person.profileId);
  const badge = badgeFor(distance);
  const name = `${person.firstName} ${person.lastName}`;
  return {
    $type: 'com.linkedin.voyager.dash.search.EntityResultViewModel',
    entityUrn: `urn:li:fsd_entityResultViewModel:(${urn},SEARCH_SRP,DEFAULT)`,
    trackingUrn: `urn:li:member:${person.memberId}`,
    template: 'UNIVERSAL',
    title: { $type: 'com.linkedin.voyager.dash.common.text.TextViewModel', text: name },
    primarySubtitle: { $type: 'com.linkedin.voyager.dash.common.text.TextViewModel', text: person.headline },
    secondarySubtitle: {
      $type: 'com.linkedin.voyager.dash.common.text.TextViewModel',
      text: person.geo.name,
    },
    ...(person.company
      ? {
          summary: {
            $type: 'com.linkedin.voyager.dash.common.text.TextViewModel',
            text: `Current: ${person.title} at ${person.company.name}`,
          },
        }
      : {}),
    badgeText: { text: `• ${badge}`, accessibilityText: `${badge} degree connection` },
    navigationUrl: `https://www.linkedin.com/in/${person.publicIdentifier}?miniProfileUrn=${encodeURIComponent(miniProfileUrn(person.profileId))}`,
    entityCustomTrackingInfo: {
      $type: 'com.linkedin.voyager.dash.search.EntityResultCustomTrackingInfo',
      memberDistance: distance,
      nameMatch: false,
    },
    image: {
      $type: 'com.linkedin.voyager.dash.common.image.ImageViewModel',
      accessibilityText: name,
      attributes: [
        {
          $type: 'com.linkedin.voyager.dash.common.image.ImageAttribute',
          detailData: {
            nonEntityProfilePicture: {
              '*profile': urn,
              ...(person.pictureId ? { vectorImage: vectorImage(ctx, person.pictureId) } : {}),
            },
          },
        },
      ],
    },
  };
};

/** `com.linkedin.voyager.dash.relationships.invitation.Invitation` as the dash profile decorations include it. */
export const dashInvitation = (inv: Invitation): Entity => ({
  $type: 'com.linkedin.voyager.dash.relationships.invitation.Invitation',
  entityUrn: `urn:li:fsd_invitation:${inv.id}`,
  invitationState: inv.state,
  invitationType: 'SENT',
  sentTime: inv.sentAt.getTime(),
  ...(inv.message ? { message: inv.message } : {}),
});

export const textView = (text: string): Entity => ({
  $type: 'com.linkedin.voyager.dash.common.text.TextViewModel',
  text,
});
