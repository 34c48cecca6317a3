import { InvalidSearchUrlError } from './errors';
import { type RestliInput, restli } from './restli';

/** The filters of a LinkedIn people search, as the search page's URL carries them. */
export type PeopleSearchFilters = {
  keywords: string | null;
  /** The search page's `origin` (FACETED_SEARCH, GLOBAL_SEARCH_HEADER, …), passed on to Voyager. */
  origin: string;
  /** Voyager `queryParameters` other than resultType, sorted by key: e.g. `{ key: 'network', values: ['S'] }`. */
  parameters: Array<{ key: string; values: string[] }>;
  /** The one-based page the URL was on (informational; callers page with `start`). */
  page: number;
};

/** URL parameters that hold a list (`network=["F","S"]`) and the Voyager key each becomes. */
const LIST_PARAMETERS: Record<string, string> = {
  network: 'network',
  geoUrn: 'geoUrn',
  currentCompany: 'currentCompany',
  pastCompany: 'pastCompany',
  industry: 'industry',
  schoolFilter: 'schoolFilter',
  profileLanguage: 'profileLanguage',
  serviceCategory: 'serviceCategory',
  connectionOf: 'connectionOf',
  followerOf: 'followerOf',
  eventAttending: 'eventAttending',
};

/** Free-text URL parameters of the "All filters" panel, sent as one-value lists. */
const TEXT_PARAMETERS: Record<string, string> = {
  firstName: 'firstName',
  lastName: 'lastName',
  title: 'title',
  titleFreeText: 'title',
  company: 'company',
  school: 'school',
};

const NETWORK_VALUES = new Set(['F', 'S', 'O']);
const ID_VALUE = /^[A-Za-z0-9_-]{1,64}$/;
const HOST = /^(?:(?:www|[a-z]{2})\.)?linkedin\.com$/;
const PATH = /^\/search\/results\/people\/?$/;

const listValues = (name: string, raw: string): string[] => {
  let values: unknown = raw;
  if (raw.trim().startsWith('[')) {
    try {
      values = JSON.parse(raw);
    } catch {
      throw new InvalidSearchUrlError(`The search URL's ${name} filter is not readable`);
    }
  }
  const list = Array.isArray(values) ? values : String(values).split(',');
  const out = list.map((v) => String(v).trim()).filter(Boolean);
  for (const v of out) {
    const ok = name === 'network' ? NETWORK_VALUES.has(v) : ID_VALUE.test(v);
    if (!ok) throw new InvalidSearchUrlError(`The search URL's ${name} filter is not readable`);
  }
  return out;
};

/**
 * Reads a LinkedIn people-search URL as a user pastes it from the browser
 * (`https://www.linkedin.com/search/results/people/?keywords=…&network=%5B%22S%22%5D&geoUrn=…`).
 * Anything else — another host, company or content search, Sales Navigator, non-http schemes — is refused.
 */
export const parsePeopleSearchUrl = (input: string): PeopleSearchFilters => {
  const text = input.trim();
  if (!URL.canParse(text)) throw new InvalidSearchUrlError('This is not a URL');
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new InvalidSearchUrlError('Only LinkedIn web links are accepted');
  if (url.username || url.password || url.port || !HOST.test(url.hostname.toLowerCase())) {
    throw new InvalidSearchUrlError('This is not a LinkedIn link');
  }
  if (!PATH.test(url.pathname)) throw new InvalidSearchUrlError('This is not a LinkedIn people search');
  const byKey = new Map<string, string[]>();
  for (const [name, raw] of url.searchParams) {
    const listKey = LIST_PARAMETERS[name];
    const textKey = TEXT_PARAMETERS[name];
    if (listKey) {
      const values = listValues(name, raw);
      if (values.length > 0) byKey.set(listKey, [...(byKey.get(listKey) ?? []), ...values]);
    } else if (textKey && raw.trim()) {
      byKey.set(textKey, [raw.trim().slice(0, 200)]);
    }
  }
  const keywords = url.searchParams.get('keywords')?.trim().slice(0, 500) || null;
  const originParam = url.searchParams.get('origin') ?? '';
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return {
    keywords,
    origin: /^[A-Z_]{1,64}$/.test(originParam)
      ? originParam
      : byKey.size > 0
        ? 'FACETED_SEARCH'
        : 'GLOBAL_SEARCH_HEADER',
    parameters: [...byKey.entries()]
      .map(([key, values]) => ({ key, values: [...new Set(values)] }))
      .sort((a, b) => a.key.localeCompare(b.key)),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
};

/** The voyagerSearchDashClusters query id of LinkedIn's web app; the hash part rotates with its releases. */
export const SEARCH_CLUSTERS_QUERY_ID = 'voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0';

/** The `variables` of the people search graphql call, Rest.li encoded, for results from `start`. */
export const peopleSearchVariables = (filters: PeopleSearchFilters, start: number): string => {
  const parameters: RestliInput[] = [...filters.parameters, { key: 'resultType', values: ['PEOPLE'] }]
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((p) => ({ key: p.key, value: p.values }));
  return restli({
    start: Math.max(0, Math.floor(start)),
    origin: filters.origin,
    query: {
      keywords: filters.keywords ?? undefined,
      flagshipSearchIntent: 'SEARCH_SRP',
      queryParameters: parameters,
      includeFiltersInResponse: false,
    },
  });
};
