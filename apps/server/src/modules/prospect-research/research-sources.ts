import type { TResearchSource } from '@sales-assist/contract';
import type { LinkedInPost, LinkedInProfile } from '../../lib/clients/linkedin-gateway';
import type { SiteProfile } from '../website/extract-site-profile';

/** Posts read for a card: enough to see what the lead talks about, few enough for a short prompt. */
export const POSTS_READ = 5;
/** What one post or site text gives the writer at most (a prompt stays a few thousand tokens). */
const POST_CHARS = 1_500;
const SITE_CHARS = 3_000;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "March 2021", or "2021" when LinkedIn gives the year alone. */
export const monthYear = (on: { year: number; month: number | null }): string =>
  on.month && on.month >= 1 && on.month <= 12 ? `${MONTHS[on.month - 1]} ${on.year}` : String(on.year);

/** Whole years and months from a start month to now, as a person says it ("4 years 2 months"). */
export const tenureOf = (on: { year: number; month: number | null }, now: Date): string | null => {
  const months = (now.getUTCFullYear() - on.year) * 12 + (now.getUTCMonth() + 1 - (on.month ?? 1));
  if (months < 0) return null;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [
    years > 0 ? `${years} year${years === 1 ? '' : 's'}` : '',
    rest > 0 ? `${rest} month${rest === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : 'less than a month';
};

const cut = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')}…`;

/** A post's public address (LinkedIn's feed page of the activity). */
export const postUrlOf = (postUrn: string): string => `https://www.linkedin.com/feed/update/${postUrn}/`;

/** The profile as one source: every line of it is something the profile states. */
export const profileSource = (profile: LinkedInProfile): TResearchSource => {
  const position = profile.position;
  const lines = [
    `Name: ${profile.name}`,
    profile.headline ? `Headline: ${profile.headline}` : '',
    position?.title ? `Current position: ${position.title} at ${position.company}` : '',
    !position?.title && position ? `Current company: ${position.company}` : '',
    position?.startedOn ? `In this position since: ${monthYear(position.startedOn)}` : '',
    profile.industry ? `Industry: ${profile.industry}` : '',
    profile.location ? `Location: ${profile.location}` : '',
  ].filter(Boolean);
  return {
    id: 'profile',
    kind: 'profile',
    label: 'LinkedIn profile',
    url: profile.profileUrl,
    date: null,
    text: lines.join('\n'),
  };
};

/** Each post with text as its own source, newest first: post-1 is the most recent. */
export const postSources = (posts: LinkedInPost[]): TResearchSource[] =>
  posts
    .filter((post) => post.text.trim() !== '')
    .slice(0, POSTS_READ)
    .map((post, index) => ({
      id: `post-${index + 1}`,
      kind: 'post' as const,
      label: `Post ${index + 1}`,
      url: postUrlOf(post.postUrn),
      date: post.postedAt.toISOString(),
      text: cut(post.text.trim(), POST_CHARS),
    }));

const hostOf = (url: string): string => URL.parse(url)?.hostname.replace(/^www\./i, '') ?? url;

/** The company site as one source: its description, offer and audience as read, then its text. */
export const siteSource = (finalUrl: string, profile: SiteProfile): TResearchSource => {
  const lines = [
    profile.name ? `Name: ${profile.name}` : '',
    profile.description ? `Description: ${profile.description}` : '',
    profile.offer ? `What it offers: ${profile.offer}` : '',
    profile.audience ? `Who it is for: ${profile.audience}` : '',
    profile.readableText ? `Text of the site:\n${cut(profile.readableText, SITE_CHARS)}` : '',
  ].filter(Boolean);
  return {
    id: 'site',
    kind: 'website',
    label: `Website: ${hostOf(finalUrl)}`,
    url: finalUrl,
    date: null,
    text: lines.join('\n'),
  };
};
