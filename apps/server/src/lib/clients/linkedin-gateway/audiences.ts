import { z } from 'zod';
import {
  fsdProfileUrn,
  indexIncluded,
  parseAnswer,
  pictureUrl,
  profileIdOf,
  profileUrlOf,
  resolve,
  ZIncluded,
  ZText,
  ZVectorImage,
} from './normalized';
import { restli } from './restli';
import { companyOf, publicIdentifierOf, searchPeopleBy } from './search-people';
import type { Transport } from './transport';
import type { LinkedInSearchPage, LinkedInSearchPerson } from './types';

/**
 * The people around a group, a post, a profile or an event, one page at a time, each read the way
 * LinkedIn's web app reads it. Where LinkedIn's own page for a list is a people search ("See all
 * attendees", "Connections of", "Followers of"), the import runs that same search.
 */

export const GROUP_MEMBERS_QUERY_ID = 'voyagerGroupsDashGroupMemberships.8e4ddb4e9b6e7fb1bc5e5b0c2a3a8d61';
const PAGE = 10;

const ZCollection = (key: string) =>
  z.object({
    data: z.object({
      data: z.object({
        [key]: z
          .object({
            '*elements': z.array(z.string()).default([]),
            paging: z.object({ start: z.number(), count: z.number(), total: z.number().nullish() }),
          })
          .nullish(),
      }),
    }),
    included: ZIncluded,
  });

const pageOf = (
  people: LinkedInSearchPerson[],
  paging: { start: number; count: number; total?: number | null | undefined },
  elements: number,
): LinkedInSearchPage => {
  const total = paging.total ?? paging.start + elements;
  const next = paging.start + elements;
  return { people, total, nextStart: elements > 0 && next < total ? next : null };
};

const ZLockupImage = z
  .object({
    attributes: z
      .array(
        z.object({
          detailData: z
            .object({ nonEntityProfilePicture: z.object({ vectorImage: ZVectorImage.nullish() }).nullish() })
            .nullish(),
        }),
      )
      .nullish(),
  })
  .nullish();

type Lockup = {
  profileUrn: string;
  name: string;
  headline: string;
  navigationUrl: string | null | undefined;
  image: z.infer<typeof ZLockupImage>;
};

/** A person from a reactor's or commenter's lockup; LinkedIn links some by member id (`/in/ACoAA…`). */
const personOfLockup = (l: Lockup): LinkedInSearchPerson => {
  const profileId = profileIdOf(l.profileUrn);
  const publicIdentifier = publicIdentifierOf(l.navigationUrl) ?? profileId;
  return {
    profileUrn: fsdProfileUrn(profileId),
    publicIdentifier,
    profileUrl: profileUrlOf(publicIdentifier),
    name: l.name,
    headline: l.headline,
    location: '',
    company: companyOf(undefined, l.headline),
    connectionDegree: null,
    pictureUrl: pictureUrl(l.image?.attributes?.[0]?.detailData?.nonEntityProfilePicture?.vectorImage),
  };
};

const addPerson = (people: LinkedInSearchPerson[], person: LinkedInSearchPerson | null) => {
  if (person?.name && !people.some((p) => p.profileUrn === person.profileUrn)) people.push(person);
};

const ZReactor = z.object({
  actorUrn: z.string().nullish(),
  reactorLockup: z.object({
    title: ZText,
    subtitle: ZText.nullish(),
    navigationUrl: z.string().nullish(),
    image: ZLockupImage,
  }),
});

/** Who reacted to a post: graphql `voyagerSocialDashReactions` by thread, 10 a page. */
export const postReactors = async (
  t: Transport,
  postUrn: string,
  start: number,
  queryId: string,
): Promise<LinkedInSearchPage> => {
  const key = 'socialDashReactionsByReactionType';
  const path = `/voyager/api/graphql?variables=${restli({ count: PAGE, start, threadUrn: postUrn })}&queryId=${queryId}`;
  const answer = parseAnswer(
    ZCollection(key),
    await t.call('GET', path),
    'GET /voyager/api/graphql (reactions)',
  );
  const collection = answer.data.data[key];
  if (!collection) return { people: [], total: 0, nextStart: null };
  const index = indexIncluded(answer.included);
  const people: LinkedInSearchPerson[] = [];
  for (const urn of collection['*elements']) {
    const r = resolve(index, urn, ZReactor);
    // Reactions by company pages have no profile URN; they are not leads.
    const profileUrn = r?.actorUrn ?? /\((urn:li:fsd_profile:[^,)]+)/.exec(urn)?.[1];
    if (!r || !profileUrn?.startsWith('urn:li:fsd_profile:')) continue;
    addPerson(
      people,
      personOfLockup({
        profileUrn,
        name: r.reactorLockup.title.text,
        headline: r.reactorLockup.subtitle?.text ?? '',
        navigationUrl: r.reactorLockup.navigationUrl,
        image: r.reactorLockup.image,
      }),
    );
  }
  return pageOf(people, collection.paging, collection['*elements'].length);
};

const ZCommenter = z.object({
  commenter: z.object({
    actor: z.object({ '*profileUrn': z.string().nullish(), profileUrn: z.string().nullish() }).nullish(),
    title: ZText,
    subtitle: z.union([z.string(), ZText]).nullish(),
    navigationUrl: z.string().nullish(),
    image: ZLockupImage,
  }),
});

/** Who commented on a post: graphql `voyagerSocialDashComments` by social detail, 10 a page. */
export const postCommenters = async (
  t: Transport,
  postUrn: string,
  start: number,
  queryId: string,
): Promise<LinkedInSearchPage> => {
  const key = 'socialDashCommentsBySocialDetail';
  const socialDetailUrn = `urn:li:fsd_socialDetail:(${postUrn},${postUrn},urn:li:highlightedReply:-)`;
  const variables = restli({ count: PAGE, numReplies: 0, socialDetailUrn, sortOrder: 'RELEVANCE', start });
  const path = `/voyager/api/graphql?variables=${variables}&queryId=${queryId}`;
  const answer = parseAnswer(
    ZCollection(key),
    await t.call('GET', path),
    'GET /voyager/api/graphql (comments)',
  );
  const collection = answer.data.data[key];
  if (!collection) return { people: [], total: 0, nextStart: null };
  const index = indexIncluded(answer.included);
  const people: LinkedInSearchPerson[] = [];
  for (const urn of collection['*elements']) {
    const c = resolve(index, urn, ZCommenter)?.commenter;
    const profileUrn = c?.actor?.['*profileUrn'] ?? c?.actor?.profileUrn;
    if (!c || !profileUrn?.startsWith('urn:li:fsd_profile:')) continue;
    const subtitle = c.subtitle;
    addPerson(
      people,
      personOfLockup({
        profileUrn,
        name: c.title.text,
        headline: (typeof subtitle === 'string' ? subtitle : subtitle?.text) ?? '',
        navigationUrl: c.navigationUrl,
        image: c.image,
      }),
    );
  }
  return pageOf(people, collection.paging, collection['*elements'].length);
};

const ZMembership = z.object({ '*profile': z.string().nullish() });
const ZProfile = z.object({
  entityUrn: z.string(),
  publicIdentifier: z.string(),
  firstName: z.string(),
  lastName: z.string().default(''),
  headline: z.string().nullish(),
  profilePicture: z
    .object({ displayImageReference: z.object({ vectorImage: ZVectorImage.nullish() }).nullish() })
    .nullish(),
});

/**
 * A group's members: graphql `voyagerGroupsDashGroupMemberships`. LinkedIn lists them only to the
 * group's own members; anyone else gets a 403.
 */
export const groupMembers = async (
  t: Transport,
  groupId: string,
  start: number,
  queryId = GROUP_MEMBERS_QUERY_ID,
): Promise<LinkedInSearchPage> => {
  const key = 'groupsDashGroupMembershipsByGroup';
  const variables = restli({
    count: PAGE,
    groupUrn: `urn:li:fsd_group:${groupId}`,
    membershipStatuses: ['OWNER', 'MANAGER', 'MEMBER'],
    start,
  });
  const path = `/voyager/api/graphql?variables=${variables}&queryId=${queryId}`;
  const answer = parseAnswer(
    ZCollection(key),
    await t.call('GET', path),
    'GET /voyager/api/graphql (group members)',
  );
  const collection = answer.data.data[key];
  if (!collection) return { people: [], total: 0, nextStart: null };
  const index = indexIncluded(answer.included);
  const people: LinkedInSearchPerson[] = [];
  for (const urn of collection['*elements']) {
    const profile = resolve(index, resolve(index, urn, ZMembership)?.['*profile'], ZProfile);
    if (!profile) continue;
    const headline = profile.headline ?? '';
    addPerson(people, {
      profileUrn: fsdProfileUrn(profile.entityUrn),
      publicIdentifier: profile.publicIdentifier,
      profileUrl: profileUrlOf(profile.publicIdentifier),
      name: `${profile.firstName} ${profile.lastName}`.trim(),
      headline,
      location: '',
      company: companyOf(undefined, headline),
      connectionDegree: null,
      pictureUrl: pictureUrl(profile.profilePicture?.displayImageReference?.vectorImage),
    });
  }
  return pageOf(people, collection.paging, collection['*elements'].length);
};

type SearchFilterKey = 'eventAttending' | 'connectionOf' | 'followerOf';

const ORIGINS: Record<SearchFilterKey, string> = {
  eventAttending: 'EVENT_PAGE_CANNED_SEARCH',
  connectionOf: 'MEMBER_PROFILE_CANNED_SEARCH',
  followerOf: 'MEMBER_PROFILE_CANNED_SEARCH',
};

/**
 * "See all attendees" of an event, "Connections of" and "Followers of" a member: the people searches
 * LinkedIn's own pages open (`eventAttending=["<event id>"]`, `connectionOf=["<profile id>"]`, …).
 */
export const searchAudience = (
  t: Transport,
  key: SearchFilterKey,
  id: string,
  start: number,
  queryId: string | undefined,
): Promise<LinkedInSearchPage> =>
  searchPeopleBy(
    t,
    {
      keywords: null,
      origin: ORIGINS[key],
      parameters: [{ key, values: [key === 'eventAttending' ? id : profileIdOf(id)] }],
      page: 1,
    },
    start,
    queryId,
  );
