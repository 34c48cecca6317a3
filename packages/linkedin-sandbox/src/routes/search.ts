import type { FastifyReply } from 'fastify';
import { audienceOf } from '../audiences';
import type { SandboxContext } from '../context';
import { sendNormalized } from '../http-util';
import { type Distance, distanceOf, type Member } from '../members';
import type { Person } from '../network';
import { asList, asObject, asString, type RestliValue } from '../restli';
import { hashString } from '../rng';
import { entityResult } from '../shapes';

/** LinkedIn shows at most 100 pages of 10 people, and says so in `paging.total`. */
const MAX_RESULTS = 1000;

const NETWORK_CODES: Record<string, Distance> = { F: 'DISTANCE_1', S: 'DISTANCE_2', O: 'DISTANCE_3' };
const DISTANCE_RANK: Record<Distance, number> = { DISTANCE_1: 0, DISTANCE_2: 1, DISTANCE_3: 2 };

export type SearchQuery = {
  start: number;
  count: number;
  keywords: string[];
  params: Map<string, string[]>;
};

const toInt = (v: RestliValue | undefined, fallback: number): number => {
  const n = Number.parseInt(asString(v) ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
};

/** Reads `(start:…,origin:…,query:(keywords:…,flagshipSearchIntent:SEARCH_SRP,queryParameters:List(…)))`. */
export const readSearchVariables = (variables: RestliValue): SearchQuery => {
  const vars = asObject(variables);
  const query = asObject(vars.query);
  const params = new Map<string, string[]>();
  for (const p of asList(query.queryParameters)) {
    const param = asObject(p);
    const key = asString(param.key);
    if (!key) continue;
    params.set(
      key,
      asList(param.value)
        .map(asString)
        .filter((v): v is string => v !== undefined),
    );
  }
  return {
    start: Math.max(0, toInt(vars.start, 0)),
    count: Math.min(50, Math.max(1, toInt(vars.count, 10))),
    keywords: (asString(query.keywords) ?? '').toLowerCase().split(/\s+/).filter(Boolean),
    params,
  };
};

/**
 * Ids the sandbox does not know (real LinkedIn geo or company ids pasted from a real search URL) are
 * mapped onto sandbox ones by a hash, so a filtered search still narrows the results deterministically.
 */
const mapIds = (values: string[] | undefined, known: number[]): Set<number> | null => {
  if (!values || values.length === 0) return null;
  const ids = new Set<number>();
  for (const v of values) {
    const n = Number.parseInt(v.replace(/^urn:li:[a-z_]+:/, ''), 10);
    if (known.includes(n)) ids.add(n);
    else if (known.length > 0) ids.add(known[hashString(v) % known.length] ?? 0);
  }
  return ids;
};

const contains = (haystack: string, needle: string | undefined): boolean =>
  needle === undefined || haystack.toLowerCase().includes(needle.toLowerCase());

export const searchPeople = (
  ctx: SandboxContext,
  member: Member,
  q: SearchQuery,
): { hits: Array<{ person: Person; distance: Distance }>; total: number } => {
  const resultType = q.params.get('resultType');
  if (resultType && !resultType.includes('PEOPLE')) return { hits: [], total: 0 };
  const network = q.params.get('network');
  const distances = network?.length ? new Set(network.map((n) => NETWORK_CODES[n]).filter(Boolean)) : null;
  const geos = mapIds(
    q.params.get('geoUrn'),
    ctx.network.geos.map((g) => g.id),
  );
  const companies = mapIds(
    q.params.get('currentCompany'),
    ctx.network.companies.map((c) => c.id),
  );
  const title = q.params.get('title')?.[0];
  const firstName = q.params.get('firstName')?.[0];
  const lastName = q.params.get('lastName')?.[0];
  const companyName = q.params.get('company')?.[0];
  const audience = audienceOf(ctx.network, member, q.params);
  const hits: Array<{ person: Person; distance: Distance }> = [];
  for (const person of ctx.network.people) {
    if (audience && !audience.has(person.index)) continue;
    const distance = distanceOf(member, person);
    if (distances && !distances.has(distance)) continue;
    if (geos && !geos.has(person.geo.id)) continue;
    if (companies && (!person.company || !companies.has(person.company.id))) continue;
    if (!contains(person.title, title) || !contains(person.firstName, firstName)) continue;
    if (!contains(person.lastName, lastName) || !contains(person.company?.name ?? '', companyName)) continue;
    if (q.keywords.length > 0) {
      const text =
        `${person.firstName} ${person.lastName} ${person.headline} ${person.company?.name ?? ''}`.toLowerCase();
      if (!q.keywords.every((k) => text.includes(k))) continue;
    }
    hits.push({ person, distance });
  }
  // "Relevance": closer people first, then the network's own order.
  hits.sort(
    (a, b) => DISTANCE_RANK[a.distance] - DISTANCE_RANK[b.distance] || a.person.index - b.person.index,
  );
  return { hits, total: hits.length };
};

/** Answers `GET /voyager/api/graphql?variables=…&queryId=voyagerSearchDashClusters.<hash>`. */
export const answerSearch = (
  ctx: SandboxContext,
  reply: FastifyReply,
  member: Member,
  variables: RestliValue,
): FastifyReply => {
  const q = readSearchVariables(variables);
  const { hits, total } = searchPeople(ctx, member, q);
  const reachable = Math.min(total, MAX_RESULTS);
  const page = q.start < reachable ? hits.slice(q.start, Math.min(q.start + q.count, reachable)) : [];
  const results = page.map(({ person, distance }) => entityResult(ctx, person, distance));
  return sendNormalized(reply, {
    data: {
      data: {
        $recipeTypes: ['com.linkedin.voyager.dash.deco.search.SearchClusterCollection'],
        searchDashClustersByAll: {
          $type: 'com.linkedin.restli.common.CollectionResponse',
          metadata: {
            $type: 'com.linkedin.voyager.dash.search.SearchClusterCollectionMetadata',
            totalResultCount: total,
            primaryResultType: 'PEOPLE',
          },
          paging: {
            $type: 'com.linkedin.restli.common.CollectionMetadata',
            start: q.start,
            count: q.count,
            total: reachable,
          },
          elements:
            results.length === 0
              ? []
              : [
                  {
                    $type: 'com.linkedin.voyager.dash.search.SearchClusterViewModel',
                    position: 0,
                    items: results.map((r, i) => ({
                      $type: 'com.linkedin.voyager.dash.search.SearchItem',
                      position: i,
                      item: { '*entityResult': r.entityUrn },
                    })),
                  },
                ],
        },
      },
      meta: { microSchema: null },
    },
    included: results,
  });
};
