import { ZErrorBody } from './common';
import { INT4_MAX } from './leads';
import { z } from './messages';

/**
 * What a prompt drives (the server's prompts.purpose column takes this list). Every generation asks
 * the server for the prompt in use for its purpose, so an admin's edit changes the next generation.
 */
export const PROMPT_PURPOSES = [
  'blog_topics',
  'blog_post',
  'blog_section',
  'linkedin_post',
  'social_post',
  'social_image',
  'ad_copy',
  'keywords',
  'chat',
  'infographic',
] as const;
export type TPromptPurpose = (typeof PROMPT_PURPOSES)[number];
export const ZPromptPurpose = z.enum(PROMPT_PURPOSES);

export const PROMPT_PURPOSE_LABELS: Record<TPromptPurpose, string> = {
  blog_topics: 'Blog topics',
  blog_post: 'Blog post',
  blog_section: 'Blog section rewrite',
  linkedin_post: 'LinkedIn post',
  social_post: 'Social post',
  social_image: 'Social image',
  ad_copy: 'Ad copy',
  keywords: 'Keywords',
  chat: 'Chat',
  infographic: 'Infographic',
};

/**
 * Every {variable} a prompt may name, and what the writer puts there when it fills the prompt in
 * (an empty value becomes "(none)", so the model is told there is nothing rather than seeing a gap).
 */
export const PROMPT_VARIABLES = [
  { name: 'company', meaning: "the company's name (brand profile)" },
  { name: 'website_summary', meaning: 'a few sentences about the website (brand profile)' },
  { name: 'offer', meaning: 'what the company sells (brand profile)' },
  { name: 'audience', meaning: 'who the company sells to (brand profile)' },
  { name: 'tone', meaning: 'the tone of voice (brand profile)' },
  { name: 'key_phrases', meaning: 'the brand’s key phrases, comma separated (brand profile)' },
  { name: 'topic', meaning: 'the topic or title asked for' },
  { name: 'keywords', meaning: 'keywords to use or seed keywords, comma separated' },
  { name: 'inputs', meaning: 'the texts the user chose from Inputs, each under its name' },
  { name: 'length', meaning: 'the length asked for, e.g. "about 1,200 words"' },
  { name: 'source', meaning: 'a text to work from: the blog post being repurposed or edited, or an input' },
  { name: 'section', meaning: 'the section being rewritten: its heading and current text' },
  { name: 'instruction', meaning: 'what the user asked for in their own words (may be empty)' },
  { name: 'count', meaning: 'how many to write (topics, variants, keywords)' },
  { name: 'networks', meaning: 'the social networks the posts are for, each with its limits' },
] as const;
export type TPromptVariable = (typeof PROMPT_VARIABLES)[number]['name'];

/** The brand profile and the user's inputs ground every kind of content. */
const GROUNDING = [
  'company',
  'website_summary',
  'offer',
  'audience',
  'tone',
  'key_phrases',
  'inputs',
] as const satisfies readonly TPromptVariable[];

/** The variables each purpose's writer fills in; a prompt naming any other is refused when saved. */
export const PURPOSE_VARIABLES: Record<TPromptPurpose, readonly TPromptVariable[]> = {
  blog_topics: [...GROUNDING, 'keywords', 'count'],
  blog_post: [...GROUNDING, 'topic', 'keywords', 'length'],
  blog_section: [...GROUNDING, 'topic', 'keywords', 'source', 'section', 'instruction'],
  linkedin_post: [...GROUNDING, 'topic', 'keywords', 'source', 'count'],
  social_post: [...GROUNDING, 'topic', 'keywords', 'source', 'count', 'networks'],
  social_image: [...GROUNDING, 'topic', 'source', 'networks'],
  ad_copy: [...GROUNDING, 'topic', 'keywords', 'source', 'count'],
  keywords: [...GROUNDING, 'topic', 'keywords', 'count'],
  chat: [...GROUNDING],
  infographic: [...GROUNDING, 'topic', 'keywords', 'source'],
};

export const PROMPT_NAME_MAX = 80;
export const PROMPT_TEXT_MAX = 20_000;

/** The errors of a prompt text, as the server answers them ({ error, message }). */
export type TPromptTextProblem = {
  error: 'unknown_variable' | 'unbalanced_braces';
  message: string;
  /** unknown_variable: the names that are not allowed, as written between the braces. */
  unknown?: string[];
};

export type TPromptTextCheck =
  | { ok: true; variables: TPromptVariable[] }
  | ({ ok: false } & TPromptTextProblem);

const positionOf = (text: string, index: number): string => {
  const before = text.slice(0, index).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
};

const BRACES_HINT = 'Braces are only for variables such as {company}.';

/**
 * Reads a prompt text the way the writer fills it in: every `{name}` is a variable, and braces mean
 * nothing else (no escapes: `{{company}}` is a mistake, not a literal). Answers the variables used,
 * in order of first use, or the first problem: a brace that is not closed or not opened, or names
 * that `purpose` does not allow. The server refuses a save with the same check; the editor runs it live.
 */
export const checkPromptText = (text: string, purpose: TPromptPurpose): TPromptTextCheck => {
  const allowed = new Set<string>(PURPOSE_VARIABLES[purpose]);
  const used: TPromptVariable[] = [];
  const unknown: string[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '}') {
      return {
        ok: false,
        error: 'unbalanced_braces',
        message: `The "}" at ${positionOf(text, index)} has no opening "{". ${BRACES_HINT}`,
      };
    }
    if (char !== '{') continue;
    const close = text.indexOf('}', index + 1);
    const nextOpen = text.indexOf('{', index + 1);
    if (close === -1 || (nextOpen !== -1 && nextOpen < close)) {
      return {
        ok: false,
        error: 'unbalanced_braces',
        message: `The "{" at ${positionOf(text, index)} is never closed. ${BRACES_HINT}`,
      };
    }
    const name = text.slice(index + 1, close);
    if (allowed.has(name)) {
      if (!used.includes(name as TPromptVariable)) used.push(name as TPromptVariable);
    } else if (!unknown.includes(name)) {
      unknown.push(name);
    }
    index = close;
  }
  if (unknown.length > 0) {
    const names = unknown.map((name) => `{${name}}`).join(', ');
    const allowedList = PURPOSE_VARIABLES[purpose].map((name) => `{${name}}`).join(', ');
    return {
      ok: false,
      error: 'unknown_variable',
      unknown,
      message: `Unknown variable${unknown.length > 1 ? 's' : ''} ${names}. ${PROMPT_PURPOSE_LABELS[purpose]} prompts may use: ${allowedList}.`,
    };
  }
  return { ok: true, variables: used };
};

/**
 * The prompt with its variables filled in, for the writer. Assumes a text that passed checkPromptText
 * (every saved prompt did). A missing or blank value reads "(none)".
 */
export const fillPrompt = (text: string, values: Partial<Record<TPromptVariable, string>>): string =>
  text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
    if (!PROMPT_VARIABLES.some((variable) => variable.name === name)) return whole;
    const value = values[name as TPromptVariable]?.trim();
    return value ? value : '(none)';
  });

// ─── GET /api/prompts (spec §7) ────────────────────────────────────────────────────────────────────

export const ZPromptSummary = z.object({
  promptname: z.string(),
  promptid: z.number().int(),
  prompttext: z.string().describe("the prompt's text; empty for callers who are not admins"),
  purpose: ZPromptPurpose.describe('what the prompt drives (the Template Editor offers the fitting ones)'),
});
export type TPromptSummary = z.infer<typeof ZPromptSummary>;

export const ZPromptsResponse = z.object({
  data: z.array(ZPromptSummary).describe('every prompt that is not retired, by promptid'),
});
export type TPromptsResponse = z.infer<typeof ZPromptsResponse>;

// ─── Prompts Management (admin) ────────────────────────────────────────────────────────────────────

/** serial ids: anything above PostgreSQL's integer cannot name a prompt (and must not reach the query). */
export const ZPromptId = z.coerce
  .number('id must be a number')
  .int('id must be a whole number')
  .min(1, 'id must be at least 1')
  .max(INT4_MAX, 'No such prompt');

export const ZPromptIdParams = z.object({ id: ZPromptId });

const ZVersionNumber = z.coerce
  .number('version must be a number')
  .int('version must be a whole number')
  .min(1, 'version must be at least 1')
  .max(INT4_MAX, 'version is too large');

export const ZAdminPrompt = z.object({
  id: z.number().int().describe('the promptid'),
  name: z.string(),
  purpose: ZPromptPurpose,
  text: z.string(),
  variables: z.array(z.string()).describe('the {variables} the text uses'),
  allowed_variables: z.array(z.string()).describe('the {variables} a prompt of this purpose may use'),
  version: z
    .number()
    .int()
    .describe('send it back with an edit: a save of an older version is refused (409)'),
  built_in: z.boolean().describe('seeded at first start; keeps its name'),
  retired: z.boolean(),
  retired_at: z.string().nullable(),
  in_use: z.boolean().describe('the prompt generation uses for its purpose: the newest that is not retired'),
  updated_at: z.string().describe('when the current version was written (ISO 8601)'),
  updated_by: z.string().nullable().describe('the e-mail of who wrote the current version; null: built in'),
});
export type TAdminPrompt = z.infer<typeof ZAdminPrompt>;

export const ZAdminPromptsResponse = z.object({
  prompts: z.array(ZAdminPrompt).describe('every prompt, retired ones too, by purpose then promptid'),
});
export type TAdminPromptsResponse = z.infer<typeof ZAdminPromptsResponse>;

export const ZAdminPromptResponse = z.object({ message: z.string(), prompt: ZAdminPrompt });
export type TAdminPromptResponse = z.infer<typeof ZAdminPromptResponse>;

const ZPromptName = z
  .string('Give the prompt a name')
  .trim()
  .min(1, 'Give the prompt a name')
  .max(PROMPT_NAME_MAX, `The prompt name can have at most ${PROMPT_NAME_MAX} characters`);

const ZPromptText = z
  .string('Write the prompt text')
  .trim()
  .min(1, 'The prompt text is empty')
  .max(
    PROMPT_TEXT_MAX,
    `The prompt text can have at most ${PROMPT_TEXT_MAX.toLocaleString('en')} characters`,
  );

export const ZCreatePromptRequest = z.strictObject({
  name: ZPromptName,
  purpose: ZPromptPurpose,
  text: ZPromptText,
});
export type TCreatePromptRequest = z.input<typeof ZCreatePromptRequest>;

export const ZUpdatePromptRequest = z.strictObject({
  name: ZPromptName.optional().describe("absent: keeps the name (a built-in prompt's cannot change)"),
  text: ZPromptText,
  version: ZVersionNumber.describe('the version you edited'),
});
export type TUpdatePromptRequest = z.input<typeof ZUpdatePromptRequest>;

export const ZRetirePromptRequest = z.strictObject({
  retired: z.boolean('retired must be true or false'),
});
export type TRetirePromptRequest = z.input<typeof ZRetirePromptRequest>;

export const ZRestorePromptRequest = z.strictObject({
  from_version: ZVersionNumber.describe('the earlier version whose text comes back'),
  version: ZVersionNumber.describe('the current version you saw'),
});
export type TRestorePromptRequest = z.input<typeof ZRestorePromptRequest>;

export const ZPromptVersion = z.object({
  version: z.number().int(),
  name: z.string(),
  text: z.string(),
  variables: z.array(z.string()),
  edited_by: z
    .string()
    .nullable()
    .describe('the e-mail of who wrote this version; null: built in (or a deleted account)'),
  edited_at: z.string().describe('when this version was written (ISO 8601)'),
  current: z.boolean(),
});
export type TPromptVersion = z.infer<typeof ZPromptVersion>;

export const ZPromptVersionsResponse = z.object({
  versions: z.array(ZPromptVersion).describe('newest first; the first is the current text'),
});
export type TPromptVersionsResponse = z.infer<typeof ZPromptVersionsResponse>;

/** 400: a bad request, or a prompt text naming variables its purpose does not allow (`unknown`). */
export const ZPromptTextErrorBody = ZErrorBody.extend({
  unknown: z.array(z.string()).optional().describe('unknown_variable: the names that are not allowed'),
});

/** 409: a name already taken, the last prompt of a purpose, or a save of a version that is not current. */
export const ZPromptConflictBody = ZErrorBody.extend({
  current_version: z.number().int().optional().describe('stale_version: the version the prompt is at now'),
});

export const PROMPT_MESSAGES = {
  updated: 'Updated',
  created: 'Prompt created',
  retired: 'Prompt retired',
  unretired: 'Prompt restored',
} as const;
