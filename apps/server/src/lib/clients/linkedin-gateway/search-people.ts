import { z } from 'zod';
import {
  degreeOf,
  fsdProfileUrn,
  indexIncluded,
  parseAnswer,
  pictureUrl,
  profileUrlOf,
  ZIncluded,
  ZText,
  ZVectorImage,
} from './normalized';
import {
  type PeopleSearchFilters,
  parsePeopleSearchUrl,
  peopleSearchVariables,
  SEARCH_CLUSTERS_QUERY_ID,
} from './search-url';
import type { Transport } from './transport';
import type { LinkedInSearchPage, LinkedInSearchPerson } from './types';

const ZItem = z.object({
  item: z
    .object({
      '*entityResult': z.string().nullish(),
      entityResult: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
});

const ZSearchAnswer = z.object({
  data: z.object({
    data: z.object({
      searchDashClustersByAll: z
        .object({
          paging: z.object({ start: z.number(), count: z.number(), total: z.number() }),
          elements: z.array(z.object({ items: z.array(ZItem).nullish() })).default([]),
        })
        .nullish(),
    }),
  }),
  included: ZIncluded,
});

const ZEntityResult = z.object({
  entityUrn: z.string(),
  title: ZText,
  primarySubtitle: ZText.nullish(),
  secondarySubtitle: ZText.nullish(),
  summary: ZText.nullish(),
  badgeText: ZText.nullish(),
  navigationUrl: z.string().nullish(),
  entityCustomTrackingInfo: z.object({ memberDistance: z.string().nullish() }).nullish(),
  image: z
    .object({
      attributes: z
        .array(
          z.object({
            detailData: z
              .object({
                nonEntityProfilePicture: z.object({ vectorImage: ZVectorImage.nullish() }).nullish(),
              })
              .nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});

type EntityResult = z.infer<typeof ZEntityResult>;

/** `urn:li:fsd_entityResultViewModel:(urn:li:fsd_profile:X,SEARCH_SRP,DEFAULT)` → the profile URN inside. */
const innerProfileUrn = (entityUrn: string): string | null =>
  /\((urn:li:fsd_profile:[^,)]+)/.exec(entityUrn)?.[1] ?? null;

export const publicIdentifierOf = (navigationUrl: string | null | undefined): string | null => {
  const slug = /\/in\/([^/?#]+)/.exec(navigationUrl ?? '')?.[1];
  if (!slug) return null;
  try {
    return decodeURIComponent(slug);
  } catch {
    return null;
  }
};

/**
 * The current company, when LinkedIn shows it: the result's "Current: <title> at <company>" line,
 * else a "<title> at <company>" headline (a guess: headlines are free text).
 */
export const companyOf = (summary: string | undefined, headline: string): string | null => {
  const current = /^Current:\s*.*?\bat\s+(.+)$/i.exec(summary ?? '')?.[1];
  const guess = current ?? /\bat\s+([^|•]+?)\s*(?:[|•].*)?$/i.exec(headline)?.[1];
  return guess?.trim() || null;
};

const personOf = (r: EntityResult): LinkedInSearchPerson | null => {
  const profileUrn = innerProfileUrn(r.entityUrn);
  const publicIdentifier = publicIdentifierOf(r.navigationUrl);
  // Out-of-network "LinkedIn Member" results have no profile link; companies and ads have no profile URN.
  if (!profileUrn || !publicIdentifier) return null;
  const headline = r.primarySubtitle?.text ?? '';
  const picture = r.image?.attributes?.[0]?.detailData?.nonEntityProfilePicture?.vectorImage;
  return {
    profileUrn: fsdProfileUrn(profileUrn),
    publicIdentifier,
    profileUrl: profileUrlOf(publicIdentifier),
    name: r.title.text,
    headline,
    location: r.secondarySubtitle?.text ?? '',
    company: companyOf(r.summary?.text, headline),
    connectionDegree: degreeOf(r.entityCustomTrackingInfo?.memberDistance, r.badgeText?.text),
    pictureUrl: pictureUrl(picture),
  };
};

/**
 * People search through the web app's graphql query `voyagerSearchDashClusters` (10 results a page).
 * Chosen over the older `/voyager/api/search/blended`, which LinkedIn has retired for people search.
 */
export const searchPeople = async (
  t: Transport,
  searchUrl: string,
  start: number,
  queryId = SEARCH_CLUSTERS_QUERY_ID,
): Promise<LinkedInSearchPage> => searchPeopleBy(t, parsePeopleSearchUrl(searchUrl), start, queryId);

/** The same search from filters built in code (event attendees, connections or followers of someone). */
export const searchPeopleBy = async (
  t: Transport,
  filters: PeopleSearchFilters,
  start: number,
  queryId = SEARCH_CLUSTERS_QUERY_ID,
): Promise<LinkedInSearchPage> => {
  const path = `/voyager/api/graphql?variables=${peopleSearchVariables(filters, start)}&queryId=${queryId}`;
  const answer = parseAnswer(
    ZSearchAnswer,
    await t.call('GET', path),
    'GET /voyager/api/graphql (people search)',
  );
  const clusters = answer.data.data.searchDashClustersByAll;
  if (!clusters) return { people: [], total: 0, nextStart: null };
  const index = indexIncluded(answer.included);
  const people: LinkedInSearchPerson[] = [];
  let items = 0;
  for (const cluster of clusters.elements) {
    for (const { item } of cluster.items ?? []) {
      const raw =
        item?.entityResult ?? (item?.['*entityResult'] ? index.get(item['*entityResult']) : undefined);
      const parsed = ZEntityResult.safeParse(raw);
      if (!parsed.success) continue;
      items += 1;
      const person = personOf(parsed.data);
      if (person && !people.some((p) => p.profileUrn === person.profileUrn)) people.push(person);
    }
  }
  const { paging } = clusters;
  const next = paging.start + (paging.count || 10);
  return { people, total: paging.total, nextStart: items > 0 && next < paging.total ? next : null };
};
