import type { Faker } from '@faker-js/faker';
import { seededFaker } from './faker';
import { hashString, hexFrom, intBetween, profileIdFrom, type Random, seededRandom, slugify } from './rng';

export type Company = { id: number; name: string; universalName: string; industry: string };
export type Geo = { id: number; name: string };
export type Post = { activityId: string; text: string; postedAt: Date };

/** How a simulated person answers the member's outreach. */
export type Traits = {
  acceptsInvitations: boolean;
  acceptDelayDays: number;
  repliesToFollowUp: boolean;
  replyDelayDays: number;
  /** Invitations that carry a note are refused for this person (the sandbox's "notes not allowed" 4xx). */
  refusesNotes: boolean;
};

export type Person = {
  index: number;
  profileId: string;
  memberId: number;
  publicIdentifier: string;
  firstName: string;
  lastName: string;
  title: string;
  headline: string;
  geo: Geo;
  company: Company | null;
  positionId: number;
  positionStart: { year: number; month: number };
  industry: string;
  pictureId: string | null;
  posts: Post[];
  traits: Traits;
};

export type Network = {
  seed: number;
  /** The day (midnight UTC) post dates are placed before; kept with a persisted world. */
  anchorMs: number;
  /** People generated from the seed; people made up later from profile URLs come after them. */
  generatedSize: number;
  people: Person[];
  companies: Company[];
  geos: Geo[];
  byPublicIdentifier: Map<string, Person>;
  byProfileId: Map<string, Person>;
  posts: Map<string, { person: Person; post: Post }>;
};

export const INDUSTRIES = [
  'Software Development',
  'IT Services and IT Consulting',
  'Financial Services',
  'Marketing Services',
  'Staffing and Recruiting',
  'Hospital and Health Care',
  'Manufacturing',
  'Retail',
  'Real Estate',
  'Education',
  'Telecommunications',
  'Business Consulting and Services',
];

export const METROS = [
  'San Francisco Bay Area',
  'New York City Metropolitan Area',
  'Greater Boston',
  'Greater Chicago Area',
  'Austin, Texas, United States',
  'Greater Seattle Area',
  'Los Angeles Metropolitan Area',
  'Toronto, Ontario, Canada',
  'Greater London, England, United Kingdom',
  'Manchester, England, United Kingdom',
  'Berlin, Germany',
  'Munich, Bavaria, Germany',
  'Paris, Île-de-France, France',
  'Amsterdam, North Holland, Netherlands',
  'Dublin, County Dublin, Ireland',
  'Stockholm, Sweden',
  'Madrid, Community of Madrid, Spain',
  'Bengaluru, Karnataka, India',
  'Mumbai, Maharashtra, India',
  'Singapore',
  'Sydney, New South Wales, Australia',
  'Dubai, United Arab Emirates',
  'São Paulo, Brazil',
  'Cape Town, Western Cape, South Africa',
];

/** Titles sales people search for, mixed with faker's job titles so keyword searches find people. */
export const B2B_TITLES = [
  'Head of Sales',
  'Sales Manager',
  'Account Executive',
  'Senior Account Executive',
  'Business Development Manager',
  'Sales Development Representative',
  'VP of Sales',
  'Chief Revenue Officer',
  'Marketing Manager',
  'Head of Marketing',
  'Growth Marketing Lead',
  'Chief Marketing Officer',
  'Founder',
  'Co-Founder & CEO',
  'Chief Technology Officer',
  'Engineering Manager',
  'Product Manager',
  'Head of Operations',
  'HR Business Partner',
  'Talent Acquisition Lead',
  'Customer Success Manager',
  'Procurement Manager',
];

const POST_OPENERS = [
  'Excited to share that',
  'Big lesson from this quarter:',
  'Hot take:',
  'We are hiring!',
  'Proud of the team:',
  'Three things I learned this week.',
  'Thrilled to announce',
  'A question for my network:',
];

const DAY_MS = 86_400_000;

export const makeFaker = (seed: number): Faker => seededFaker(seed);

const makeCompanies = (faker: Faker, random: Random, count: number): Company[] => {
  const seen = new Set<string>();
  const companies: Company[] = [];
  while (companies.length < count) {
    const name = faker.company.name();
    const universalName = slugify(name);
    if (seen.has(universalName)) continue;
    seen.add(universalName);
    companies.push({
      id: 1_000_000 + intBetween(random, 0, 89_999_999),
      name,
      universalName,
      industry: INDUSTRIES[Math.floor(random() * INDUSTRIES.length)] ?? 'Software Development',
    });
  }
  return companies;
};

export const pick = <T>(random: Random, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

export const makePosts = (faker: Faker, random: Random, anchorMs: number): Post[] => {
  const count = random() < 0.2 ? 0 : intBetween(random, 1, 5);
  const posts: Post[] = [];
  for (let i = 0; i < count; i++) {
    const postedAtMs = anchorMs - intBetween(random, 0, 89) * DAY_MS - intBetween(random, 0, DAY_MS - 1);
    // LinkedIn activity ids carry their creation time in the top 41 bits, as the real ones do.
    const activityId = ((BigInt(postedAtMs) << 22n) | BigInt(intBetween(random, 0, 4_194_303))).toString();
    const text = `${pick(random, POST_OPENERS)} ${faker.company.catchPhrase().toLowerCase()}. ${faker.company.buzzPhrase()} is how we ${faker.hacker.verb()} the ${faker.hacker.noun()}. #${faker.hacker.adjective().replace(/[^a-z]/gi, '')}`;
    posts.push({ activityId, text, postedAt: new Date(postedAtMs) });
  }
  return posts.sort((a, b) => b.postedAt.getTime() - a.postedAt.getTime());
};

export const makeTraits = (random: Random): Traits => ({
  acceptsInvitations: random() < 0.55,
  acceptDelayDays: intBetween(random, 1, 10),
  repliesToFollowUp: random() < 0.25,
  replyDelayDays: intBetween(random, 1, 3),
  refusesNotes: random() < 0.1,
});

export type GenerateNetworkOptions = { seed: number; size: number; anchor: Date };

/**
 * Builds the simulated network. Everything is a function of `seed`; post dates are placed before
 * `anchor` (the sandbox's start day), so the same seed on the same day gives the same network.
 */
export const generateNetwork = ({ seed, size, anchor }: GenerateNetworkOptions): Network => {
  const faker = makeFaker(seed);
  const random = seededRandom(hashString('network', seed));
  const anchorMs = Math.floor(anchor.getTime() / DAY_MS) * DAY_MS;
  const companies = makeCompanies(faker, random, Math.max(20, Math.ceil(size / 15)));
  const geos = METROS.map((name) => ({ id: 100_000_000 + intBetween(random, 0, 899_999_999), name }));
  const people: Person[] = [];
  const byPublicIdentifier = new Map<string, Person>();
  const byProfileId = new Map<string, Person>();
  const posts = new Map<string, { person: Person; post: Post }>();
  for (let index = 0; index < size; index++) {
    const sex = random() < 0.5 ? 'female' : 'male';
    const firstName = faker.person.firstName(sex);
    const lastName = faker.person.lastName();
    let publicIdentifier = `${slugify(firstName)}-${slugify(lastName)}-${hexFrom(random, 5)}`;
    while (byPublicIdentifier.has(publicIdentifier))
      publicIdentifier = `${publicIdentifier}${hexFrom(random, 1)}`;
    const company = random() < 0.9 ? pick(random, companies) : null;
    const title = random() < 0.5 ? pick(random, B2B_TITLES) : faker.person.jobTitle();
    const headline = company
      ? random() < 0.75
        ? `${title} at ${company.name}`
        : `${title} | ${faker.company.buzzPhrase()}`
      : `${title} | Open to new opportunities`;
    const person: Person = {
      index,
      profileId: profileIdFrom(random),
      memberId: 10_000_000 + intBetween(random, 0, 989_999_999),
      publicIdentifier,
      firstName,
      lastName,
      title,
      headline,
      geo: pick(random, geos),
      company,
      positionId: 1_000_000_000 + intBetween(random, 0, 999_999_999),
      positionStart: { year: intBetween(random, 2012, 2024), month: intBetween(random, 1, 12) },
      industry: company?.industry ?? pick(random, INDUSTRIES),
      pictureId: random() < 0.85 ? `D4E03AQ${hexFrom(random, 16).toUpperCase()}` : null,
      posts: makePosts(faker, random, anchorMs),
      traits: makeTraits(random),
    };
    people.push(person);
    byPublicIdentifier.set(publicIdentifier, person);
    byProfileId.set(person.profileId, person);
    for (const post of person.posts) posts.set(post.activityId, { person, post });
  }
  return {
    seed,
    anchorMs,
    generatedSize: size,
    people,
    companies,
    geos,
    byPublicIdentifier,
    byProfileId,
    posts,
  };
};

/** Decodes the creation time of an activity id (top 41 bits are milliseconds since the epoch). */
export const activityTime = (activityId: string): Date => new Date(Number(BigInt(activityId) >> 22n));

export const fullName = (p: { firstName: string; lastName: string }): string =>
  `${p.firstName} ${p.lastName}`;
