import { normalizeImageUrl, normalizeLinkedinUrl } from './linkedin-url';

/** A lead read from a file, ready to store. */
export type LeadFields = {
  name: string;
  headline: string;
  location: string;
  company: string;
  connectionDegree: string;
  profileImageUrl: string | null;
  linkedinUrl: string;
};

type Field =
  | 'url'
  | 'name'
  | 'firstName'
  | 'lastName'
  | 'headline'
  | 'company'
  | 'location'
  | 'city'
  | 'state'
  | 'country'
  | 'degree'
  | 'image';

/**
 * Header spellings of the sample CSV and of the usual exports (Sales Navigator, Apollo, Phantombuster,
 * Dux-Soup, LinkedIn's own), compared without case, spaces or punctuation. Earlier spellings win.
 */
const ALIASES: Record<Field, readonly string[]> = {
  url: [
    'linkedinurl',
    'linkedinprofileurl',
    'personlinkedinurl',
    'profileurl',
    'linkedinprofile',
    'publicprofileurl',
    'linkedinprofilelink',
    'linkedin',
    'profilelink',
  ],
  name: ['name', 'fullname', 'contactname', 'personname', 'leadname'],
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  headline: [
    'headline',
    'title',
    'jobtitle',
    'position',
    'currenttitle',
    'currentposition',
    'occupation',
    'role',
  ],
  company: [
    'company',
    'companyname',
    'organization',
    'organisation',
    'currentcompany',
    'employer',
    'account',
    'accountname',
  ],
  location: ['location', 'geography', 'personlocation', 'address'],
  city: ['city', 'town'],
  state: ['state', 'region', 'province'],
  country: ['country'],
  degree: ['connectiondegree', 'degree', 'connection', 'connectionlevel', 'networkdistance'],
  image: [
    'profileimageurl',
    'profileimage',
    'profilepictureurl',
    'profilepicture',
    'profilephoto',
    'profilephotourl',
    'pictureurl',
    'picture',
    'photourl',
    'photo',
    'imageurl',
    'image',
    'avatar',
  ],
};

/** Taken for the profile URL only when no column names LinkedIn. */
const GENERIC_URL = ['url', 'link', 'profile'];

export type ColumnMap = Partial<Record<Field, number>>;

const headerKey = (value: string): string =>
  value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** A cell holding a member's profile address: a data row, never a header. */
export const looksLikeProfileUrl = (value: string): boolean => normalizeLinkedinUrl(value) !== null;

/** Longer than any column name: a sentence (LinkedIn's notes about e-mail addresses), not a header cell. */
const MAX_HEADER_NAME = 100;

/**
 * Which column holds what, by the names in `header`; `url` is missing when no column names a profile URL.
 * The "names LinkedIn" last resort never takes a link or a sentence that happens to mention linkedin.com.
 */
export const columnsOf = (header: readonly string[]): ColumnMap => {
  const keys = header.map(headerKey);
  const map: ColumnMap = {};
  for (const field of Object.keys(ALIASES) as Field[]) {
    for (const alias of ALIASES[field]) {
      const index = keys.indexOf(alias);
      if (index >= 0) {
        map[field] = index;
        break;
      }
    }
  }
  if (map.url === undefined) {
    // "LinkedIn Profile URL (person)" and the like; never a company page or a picture.
    const index = keys.findIndex(
      (key, at) =>
        key.includes('linkedin') &&
        !/company|organi[sz]ation|image|photo|picture/.test(key) &&
        (header[at] ?? '').length <= MAX_HEADER_NAME &&
        !(header[at] ?? '').includes('://'),
    );
    if (index >= 0) map.url = index;
  }
  if (map.url === undefined) {
    const index = GENERIC_URL.map((alias) => keys.indexOf(alias)).find((found) => found >= 0);
    if (index !== undefined) map.url = index;
  }
  return map;
};

const LIMITS = { name: 300, headline: 1000, location: 300, company: 300, degree: 30 };

const clean = (value: string | undefined, max: number): string =>
  // PostgreSQL text cannot hold NUL; an oversized cell is cut rather than refused.
  (value ?? '').replaceAll('\u0000', '').trim().slice(0, max);

const cell = (record: readonly string[], index: number | undefined, max: number): string =>
  index === undefined ? '' : clean(record[index], max);

/** The lead of one record, or null when it has no usable LinkedIn profile URL. */
export const leadOf = (record: readonly string[], map: ColumnMap): LeadFields | null => {
  const linkedinUrl = normalizeLinkedinUrl(cell(record, map.url, 2048));
  if (!linkedinUrl) return null;
  const fullName = cell(record, map.name, LIMITS.name);
  const name =
    fullName ||
    clean(
      [cell(record, map.firstName, LIMITS.name), cell(record, map.lastName, LIMITS.name)]
        .filter(Boolean)
        .join(' '),
      LIMITS.name,
    );
  const location =
    cell(record, map.location, LIMITS.location) ||
    clean(
      [
        cell(record, map.city, LIMITS.location),
        cell(record, map.state, LIMITS.location),
        cell(record, map.country, LIMITS.location),
      ]
        .filter(Boolean)
        .join(', '),
      LIMITS.location,
    );
  return {
    name,
    headline: cell(record, map.headline, LIMITS.headline),
    location,
    company: cell(record, map.company, LIMITS.company),
    connectionDegree: cell(record, map.degree, LIMITS.degree),
    profileImageUrl: normalizeImageUrl(cell(record, map.image, 4096)),
    linkedinUrl,
  };
};
