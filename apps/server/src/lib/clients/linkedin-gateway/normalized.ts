/**
 * Reading LinkedIn's normalized JSON (`application/vnd.linkedin.normalized+json+2.1`): the answer's
 * `data` refers to entities by URN (`*field` keys), and the entities themselves sit in `included`,
 * each with `$type` and `entityUrn`.
 */
import { z } from 'zod';
import { LinkedInRequestError } from './errors';

export type RawEntity = Record<string, unknown>;
export type Included = Map<string, RawEntity>;

export const ZIncluded = z.array(z.record(z.string(), z.unknown())).default([]);

export const ZText = z.object({ text: z.string() });

export const ZVectorImage = z.object({
  rootUrl: z.string(),
  artifacts: z.array(z.object({ width: z.number(), fileIdentifyingUrlPathSegment: z.string() })).min(1),
});

export const unexpected = (what: string): LinkedInRequestError =>
  new LinkedInRequestError(`LinkedIn's answer had an unexpected shape (${what})`, 200, 'unexpected_answer');

/** Parses an answer with zod; a shape we do not understand is a typed error, not a crash further on. */
export const parseAnswer = <T extends z.ZodType>(schema: T, json: unknown, what: string): z.infer<T> => {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw unexpected(what);
  return parsed.data;
};

export const indexIncluded = (included: RawEntity[]): Included => {
  const index: Included = new Map();
  for (const e of included) if (typeof e.entityUrn === 'string') index.set(e.entityUrn, e);
  return index;
};

/** The entity a URN points at, parsed; undefined when LinkedIn did not include it or it has another shape. */
export const resolve = <T extends z.ZodType>(
  index: Included,
  urn: string | undefined | null,
  schema: T,
): z.infer<T> | undefined => {
  if (!urn) return undefined;
  const parsed = schema.safeParse(index.get(urn));
  return parsed.success ? parsed.data : undefined;
};

/** The picture URL LinkedIn's web app would show: root URL plus the artifact closest to 200 px wide. */
export const pictureUrl = (image: z.infer<typeof ZVectorImage> | undefined | null): string | null => {
  if (!image) return null;
  const best = [...image.artifacts].sort((a, b) => Math.abs(a.width - 200) - Math.abs(b.width - 200))[0];
  return best ? `${image.rootUrl}${best.fileIdentifyingUrlPathSegment}` : null;
};

/** The opaque member id inside `urn:li:fsd_profile:…`, `urn:li:fs_miniProfile:…` or given bare. */
export const profileIdOf = (urnOrId: string): string =>
  urnOrId.trim().replace(/^urn:li:(?:fsd_profile|fs_miniProfile|fs_profile|fs_normalized_profile):/, '');

export const fsdProfileUrn = (urnOrId: string): string => `urn:li:fsd_profile:${profileIdOf(urnOrId)}`;

const POST_URN = /^urn:li:(?:activity|ugcPost|share):(\d+)$/;

export const isPostUrn = (urn: string): boolean => POST_URN.test(urn);

/** LinkedIn post ids carry their creation time: the top 41 bits are milliseconds since the epoch. */
export const postTime = (postUrn: string): Date | null => {
  const id = POST_URN.exec(postUrn)?.[1];
  return id ? new Date(Number(BigInt(id) >> 22n)) : null;
};

export type ConnectionDegree = '1st' | '2nd' | '3rd+' | 'Out of network';

const DISTANCES: Record<string, ConnectionDegree> = {
  DISTANCE_1: '1st',
  DISTANCE_2: '2nd',
  DISTANCE_3: '3rd+',
  OUT_OF_NETWORK: 'Out of network',
};

export const degreeOf = (
  memberDistance: string | undefined | null,
  badge?: string | null,
): ConnectionDegree | null => {
  const fromDistance = memberDistance ? DISTANCES[memberDistance] : undefined;
  if (fromDistance) return fromDistance;
  const m = /\b(1st|2nd|3rd\+?)\b/.exec(badge ?? '');
  if (!m?.[1]) return null;
  return m[1] === '1st' ? '1st' : m[1] === '2nd' ? '2nd' : '3rd+';
};

export const LINKEDIN_WEB = 'https://www.linkedin.com';

export const profileUrlOf = (publicIdentifier: string): string =>
  `${LINKEDIN_WEB}/in/${encodeURIComponent(publicIdentifier)}`;
