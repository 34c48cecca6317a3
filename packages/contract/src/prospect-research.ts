import { z } from 'zod';
import { ZId } from './leads';
import { ZWebsiteUrl } from './website';

/** Prospect Research's words the server and the web app share. */
export const PROSPECT_RESEARCH_MESSAGES = {
  connectLinkedIn:
    'Connect your LinkedIn account first: research reads the lead’s profile and posts through it (Outreach → Leads asks for your li_at).',
  accountBusy: 'Your LinkedIn account is busy with a campaign action right now: try again in a few seconds.',
  dailyCap: (until: string) =>
    `Your LinkedIn account has viewed as many profiles today as it safely can: research can go on after ${until}.`,
  noProfile: 'This lead has no LinkedIn profile address research can open.',
  listEmpty: 'This list has no leads to research.',
  alreadyRunning: 'This list is already being researched.',
  offlineWriter: 'Written without an AI model: every point is taken from the sources as they are.',
  writeHere: 'Write here:',
} as const;

/** What a source of the card is: the lead's LinkedIn profile, one of their posts, or a page of the company site. */
export const RESEARCH_SOURCE_KINDS = ['profile', 'post', 'website'] as const;

/** One thing research read: every point of the card names one of these by its id. */
export const ZResearchSource = z.object({
  id: z.string().describe('profile, post-1 … post-5, site'),
  kind: z.enum(RESEARCH_SOURCE_KINDS),
  label: z.string().describe('e.g. "LinkedIn profile", "Post 2", "Website: acme.com"'),
  url: z.string().nullable(),
  date: z.string().nullable().describe('ISO 8601: when a post was published'),
  text: z.string().describe('what was read, as given to the writer'),
});
export type TResearchSource = z.infer<typeof ZResearchSource>;

/** One point of the card and the source it comes from. */
export const ZResearchPoint = z.object({
  text: z.string(),
  source: z.string().describe('the id of one of the sources'),
});
export type TResearchPoint = z.infer<typeof ZResearchPoint>;

export const ZResearchCard = z.object({
  role: ZResearchPoint.nullable().describe('role and tenure'),
  company: ZResearchPoint.nullable().describe('what the company does and for whom'),
  topics: z.array(ZResearchPoint).describe('recent topics the lead posted about'),
  talking_points: z.array(ZResearchPoint).describe('at most 3'),
  opening_line: z
    .object({ text: z.string(), source: z.string().nullable() })
    .nullable()
    .describe('without a model: a "Write here:" note naming what to write about (source null)'),
});
export type TResearchCard = z.infer<typeof ZResearchCard>;

export const ZResearchLead = z.object({
  id: z.number().int(),
  name: z.string(),
  headline: z.string(),
  company: z.string(),
  linkedin_url: z.string(),
  list_name: z.string(),
});
export type TResearchLead = z.infer<typeof ZResearchLead>;

export const ZLeadResearch = z.object({
  lead: ZResearchLead,
  card: ZResearchCard,
  sources: z.array(ZResearchSource),
  notes: z.array(z.string()).describe('what could not be read or was left out'),
  website: z.string().nullable().describe('the company site read'),
  writer: z.enum(['model', 'offline']),
  model: z.string().nullable(),
  researched_at: z.string().describe('ISO 8601'),
});
export type TLeadResearch = z.infer<typeof ZLeadResearch>;

export const ZResearchLeadParams = z.object({ id: ZId });

export const ZResearchLeadRequest = z.object({
  website: ZWebsiteUrl.optional().describe(
    "the company's site; without it the site read last time for this lead, else none",
  ),
});
export type TResearchLeadRequest = z.input<typeof ZResearchLeadRequest>;

export const ZResearchLeadSearchQuery = z.object({
  q: z.string().trim().max(100, 'Search at most 100 characters').default(''),
});
export type TResearchLeadSearchQuery = z.input<typeof ZResearchLeadSearchQuery>;

export const ZResearchLeadMatch = ZResearchLead.extend({
  researched_at: z.string().nullable().describe('ISO 8601, null: never researched'),
});
export type TResearchLeadMatch = z.infer<typeof ZResearchLeadMatch>;

export const ZResearchLeadSearchResponse = z.object({
  leads: z
    .array(ZResearchLeadMatch)
    .describe('at most 20: matches of name, company or headline; without q, the leads researched last'),
});
export type TResearchLeadSearchResponse = z.infer<typeof ZResearchLeadSearchResponse>;

export const RESEARCH_RUN_STATES = ['running', 'waiting', 'done', 'stopped'] as const;

export const ZResearchRun = z.object({
  id: z.string(),
  list_id: z.number().int(),
  list_name: z.string(),
  state: z.enum(RESEARCH_RUN_STATES),
  total: z.number().int(),
  researched: z.number().int(),
  failed: z.number().int(),
  message: z.string(),
  resume_at: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TResearchRun = z.infer<typeof ZResearchRun>;

export const ZResearchListParams = z.object({ id: ZId });
export const ZResearchRunParams = z.object({ id: z.uuid('Unknown research run') });
export const ZResearchRunsResponse = z.object({
  runs: z.array(ZResearchRun).describe('the 10 most recent, newest first'),
});
export type TResearchRunsResponse = z.infer<typeof ZResearchRunsResponse>;
