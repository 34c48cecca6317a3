import {
  B2B_TITLES,
  INDUSTRIES,
  makeFaker,
  makePosts,
  makeTraits,
  type Network,
  type Person,
  pick,
} from './network';
import { hashString, hexFrom, intBetween, profileIdFrom, seededRandom } from './rng';

/**
 * People made up from a public profile address. A lead imported from a CSV names someone the generated
 * network does not hold; real LinkedIn would know them, so the sandbox answers for any well-formed
 * public identifier with a person made up from it alone (and the seed): the same slug is always the
 * same person, with a name read from the slug when it looks like first-last, and a headline, company,
 * posts and traits drawn as for generated people. Once made up, they live in the network like anyone
 * else (profiles, posts, invitations, messages, search), appended after the generated people.
 */

/** LinkedIn's custom profile addresses: 3 to 100 letters, digits or hyphens. */
const PUBLIC_IDENTIFIER = /^[\p{L}\p{N}][\p{L}\p{N}_-]{2,99}$/u;

export const isPublicIdentifier = (slug: string): boolean => PUBLIC_IDENTIFIER.test(slug);

const capitalize = (word: string): string =>
  word.length === 0 ? word : `${word[0]?.toLocaleUpperCase() ?? ''}${word.slice(1)}`;

/**
 * `jane-doe`, `jane-doe-3a9f1`, `jean-luc-picard-42` → first and last name; anything else (`jdoe`,
 * `ceo-2019`) → null, and the person gets a generated name instead.
 */
export const nameFromSlug = (slug: string): { firstName: string; lastName: string } | null => {
  const words = slug
    .toLocaleLowerCase()
    .split(/[-_]+/)
    .filter((word) => word.length > 0);
  // LinkedIn appends digits or a hex id to taken names: that tail is not part of the name.
  while (words.length > 0 && /\d/.test(words.at(-1) ?? '')) words.pop();
  if (words.length < 2 || words.some((word) => !/^\p{L}+$/u.test(word))) return null;
  const [first, ...rest] = words;
  return { firstName: capitalize(first ?? ''), lastName: rest.map(capitalize).join(' ') };
};

/** The person a public identifier stands for, made up deterministically (not registered). */
export const makeUpPerson = (network: Network, slug: string, index: number): Person => {
  const seed = hashString(`made-up|${slug}`, network.seed);
  const random = seededRandom(seed);
  const faker = makeFaker(seed);
  const named = nameFromSlug(slug);
  const firstName = named?.firstName ?? faker.person.firstName();
  const lastName = named?.lastName ?? faker.person.lastName();
  const company = random() < 0.9 ? pick(random, network.companies) : null;
  const title = random() < 0.5 ? pick(random, B2B_TITLES) : faker.person.jobTitle();
  const headline = company ? `${title} at ${company.name}` : `${title} | Open to new opportunities`;
  return {
    index,
    profileId: profileIdFrom(random),
    memberId: 10_000_000 + intBetween(random, 0, 989_999_999),
    publicIdentifier: slug,
    firstName,
    lastName,
    title,
    headline,
    geo: pick(random, network.geos),
    company,
    positionId: 1_000_000_000 + intBetween(random, 0, 999_999_999),
    positionStart: { year: intBetween(random, 2012, 2024), month: intBetween(random, 1, 12) },
    industry: company?.industry ?? pick(random, INDUSTRIES),
    pictureId: random() < 0.85 ? `D4E03AQ${hexFrom(random, 16).toUpperCase()}` : null,
    posts: makePosts(faker, random, network.anchorMs),
    traits: makeTraits(random),
  };
};

/** Adds a made-up person to the network, after everyone already in it. */
const register = (network: Network, slug: string): Person => {
  const person = makeUpPerson(network, slug, network.people.length);
  network.people.push(person);
  network.byPublicIdentifier.set(slug, person);
  network.byProfileId.set(person.profileId, person);
  for (const post of person.posts) network.posts.set(post.activityId, { person, post });
  return person;
};

/**
 * The person at a public identifier: someone of the network, or, for any well-formed identifier, a
 * person made up from it (and kept in the network from then on). Undefined for a malformed one.
 */
export const personAt = (network: Network, slug: string): Person | undefined => {
  const known = network.byPublicIdentifier.get(slug);
  if (known) return known;
  return isPublicIdentifier(slug) ? register(network, slug) : undefined;
};

/** Public identifiers of the people made up so far, in the order they joined (their index order). */
export const madeUpSlugs = (network: Network): string[] =>
  network.people.slice(network.generatedSize).map((p) => p.publicIdentifier);

/** Brings back people made up before (a persisted world), in their order, so their indexes hold. */
export const restoreMadeUp = (network: Network, slugs: string[]): void => {
  for (const slug of slugs) if (!network.byPublicIdentifier.has(slug)) register(network, slug);
};
