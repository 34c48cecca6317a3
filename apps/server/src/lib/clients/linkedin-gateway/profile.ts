import { z } from 'zod';
import {
  type ConnectionDegree,
  degreeOf,
  type Included,
  indexIncluded,
  parseAnswer,
  pictureUrl,
  profileIdOf,
  profileUrlOf,
  type RawEntity,
  resolve,
  unexpected,
  ZIncluded,
  ZVectorImage,
} from './normalized';
import type { Transport } from './transport';
import type { ConnectionStatus, LinkedInPosition, LinkedInProfile } from './types';

/** The decoration a profile page load uses; LinkedIn counts it as a profile view. */
export const PAGE_VIEW_DECORATION = 'com.linkedin.voyager.dash.deco.identity.profile.WebTopCardCore-16';
/** A lighter decoration with the relationship only, read without visiting the page. */
export const RELATIONSHIP_DECORATION =
  'com.linkedin.voyager.dash.deco.identity.profile.TopCardSupplementary-130';

const ZProfilesAnswer = z.object({
  data: z.object({ '*elements': z.array(z.string()).default([]) }),
  included: ZIncluded,
});

const ZProfile = z.object({
  entityUrn: z.string(),
  publicIdentifier: z.string(),
  firstName: z.string(),
  lastName: z.string().default(''),
  headline: z.string().nullish(),
  '*memberRelationship': z.string().nullish(),
  '*industry': z.string().nullish(),
  geoLocation: z.object({ '*geo': z.string().nullish() }).nullish(),
  profilePicture: z
    .object({ displayImageReference: z.object({ vectorImage: ZVectorImage.nullish() }).nullish() })
    .nullish(),
});

const ZUnion = z.object({
  '*connection': z.string().nullish(),
  connection: z.unknown().optional(),
  noConnection: z
    .object({
      memberDistance: z.string().nullish(),
      invitationUnion: z.object({ '*invitation': z.string().nullish() }).nullish(),
    })
    .nullish(),
});

const ZRelationship = z.object({
  memberRelationshipUnion: ZUnion.nullish(),
  memberRelationship: ZUnion.nullish(),
});
const ZInvitation = z.object({ invitationState: z.string().nullish(), invitationType: z.string().nullish() });
const ZName = z.object({ name: z.string() });
const ZGeo = z.object({ defaultLocalizedName: z.string() });
const ZPosition = z.object({
  $type: z.string().optional(),
  entityUrn: z.string(),
  companyName: z.string().nullish(),
  '*company': z.string().nullish(),
  title: z.string().nullish(),
  dateRange: z
    .object({
      start: z.object({ year: z.number().int(), month: z.number().int().nullish() }).nullish(),
      end: z.unknown().optional(),
    })
    .nullish(),
});

type Relationship = { connected: boolean; pending: boolean; degree: ConnectionDegree | null };

const relationshipOf = (index: Included, urn: string | null | undefined): Relationship => {
  const rel = resolve(index, urn, ZRelationship);
  const union = rel?.memberRelationshipUnion ?? rel?.memberRelationship;
  if (!union) return { connected: false, pending: false, degree: null };
  if (union['*connection'] || union.connection) return { connected: true, pending: false, degree: '1st' };
  const invitation = resolve(index, union.noConnection?.invitationUnion?.['*invitation'], ZInvitation);
  return {
    connected: false,
    // A pending invitation the member received is not "pending" in the sense of our outreach.
    pending: invitation?.invitationState === 'PENDING' && (invitation.invitationType ?? 'SENT') === 'SENT',
    degree: degreeOf(union.noConnection?.memberDistance),
  };
};

/** The current position: one of the profile's positions without an end date, with its title and start. */
const currentPosition = (
  included: RawEntity[],
  index: Included,
  profileId: string,
): LinkedInPosition | null => {
  for (const raw of included) {
    const position = ZPosition.safeParse(raw);
    if (!position.success || !position.data.entityUrn.startsWith(`urn:li:fsd_position:(${profileId},`))
      continue;
    if (position.data.dateRange?.end) continue;
    const name = position.data.companyName ?? resolve(index, position.data['*company'], ZName)?.name;
    const start = position.data.dateRange?.start;
    if (name)
      return {
        company: name,
        title: position.data.title ?? null,
        startedOn: start ? { year: start.year, month: start.month ?? null } : null,
      };
  }
  return null;
};

const fetchProfile = async (t: Transport, publicIdentifier: string, decorationId: string) => {
  const path =
    `/voyager/api/identity/dash/profiles?q=memberIdentity&memberIdentity=${encodeURIComponent(publicIdentifier)}` +
    `&decorationId=${encodeURIComponent(decorationId)}`;
  const what = 'GET /voyager/api/identity/dash/profiles';
  const answer = parseAnswer(ZProfilesAnswer, await t.call('GET', path), what);
  const index = indexIncluded(answer.included);
  const profile = resolve(index, answer.data['*elements'][0], ZProfile);
  if (!profile) throw unexpected(what);
  return { profile, index, included: answer.included };
};

/** `GET /voyager/api/identity/dash/profiles?q=memberIdentity&memberIdentity=<slug>&decorationId=…WebTopCardCore-16` */
export const viewProfile = async (t: Transport, publicIdentifier: string): Promise<LinkedInProfile> => {
  const { profile, index, included } = await fetchProfile(t, publicIdentifier, PAGE_VIEW_DECORATION);
  const profileId = profileIdOf(profile.entityUrn);
  const position = currentPosition(included, index, profileId);
  return {
    profileUrn: `urn:li:fsd_profile:${profileId}`,
    publicIdentifier: profile.publicIdentifier,
    profileUrl: profileUrlOf(profile.publicIdentifier),
    firstName: profile.firstName,
    lastName: profile.lastName,
    name: `${profile.firstName} ${profile.lastName}`.trim(),
    headline: profile.headline ?? '',
    location: resolve(index, profile.geoLocation?.['*geo'], ZGeo)?.defaultLocalizedName ?? null,
    industry: resolve(index, profile['*industry'], ZName)?.name ?? null,
    company: position?.company ?? null,
    position,
    connectionDegree: relationshipOf(index, profile['*memberRelationship']).degree,
    pictureUrl: pictureUrl(profile.profilePicture?.displayImageReference?.vectorImage),
  };
};

/** The same call with the relationship-only decoration: connected, invitation pending, or neither. */
export const connectionStatus = async (t: Transport, publicIdentifier: string): Promise<ConnectionStatus> => {
  const { profile, index } = await fetchProfile(t, publicIdentifier, RELATIONSHIP_DECORATION);
  const rel = relationshipOf(index, profile['*memberRelationship']);
  return rel.connected ? 'connected' : rel.pending ? 'pending' : 'none';
};

/** The member's URN and whether they are a 1st-degree connection, read without counting a profile view. */
export const lookupProfile = async (
  t: Transport,
  publicIdentifier: string,
): Promise<{ profileUrn: string; connected: boolean }> => {
  const { profile, index } = await fetchProfile(t, publicIdentifier, RELATIONSHIP_DECORATION);
  return {
    profileUrn: `urn:li:fsd_profile:${profileIdOf(profile.entityUrn)}`,
    connected: relationshipOf(index, profile['*memberRelationship']).connected,
  };
};
