import type { TChatToolUse } from '@sales-assist/contract';
import { fetchAllLists } from '../../leads/fetch-all-lists';
import { brandProfileTool } from './brand-profile-tool';
import { type CampaignFigures, campaignNamesOf } from './campaign-figures';
import { campaignsTool } from './campaigns-tool';
import type { ChatTool, ChatToolContext } from './chat-tool';
import { draftBlogTopicsTool } from './draft-blog-topics-tool';
import { draftFollowUpTool } from './draft-follow-up-tool';
import { draftLinkedinPostTool } from './draft-linkedin-post-tool';
import { listsTool } from './lists-tool';
import { type Named, wordsOf } from './match-name';
import { recentContentTool } from './recent-content-tool';

export const NO_MODEL_NOTICE = 'No AI model is set up, so I can answer only from your data';

/** The content screens offered when a question is not one the tools answer. */
export const CONTENT_SCREENS = [
  ['Website content (blogs)', '/website-content'],
  ['LinkedIn posts', '/linkedin'],
  ['Social posts', '/allsocials'],
  ['Advertising', '/advertising'],
  ['Campaigns', '/campaigns'],
  ['Leads', '/leads'],
] as const;

export type NoModelAnswer = { text: string; tools: TChatToolUse[] };
type History = { role: 'user' | 'assistant'; content: string }[];

/** Markdown text a user typed (names) shown literally. */
const md = (text: string): string => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
const rate = (value: number | null) => (value === null ? 'no figure yet' : `${value}%`);

const screensLine = (): string => CONTENT_SCREENS.map(([label, path]) => `[${label}](${path})`).join(' · ');

/** Runs a tool and keeps its use for the message, as the model's tool calls are kept. */
const use = async <A>(
  ctx: ChatToolContext,
  tool: ChatTool<A>,
  args: A,
  uses: TChatToolUse[],
): Promise<{ result: unknown; summary: string }> => {
  // The tool's own schema checks what was read from the question, as it checks a model's arguments.
  const outcome = await tool.run(ctx, tool.parameters.parse(args));
  uses.push({ name: tool.name, arguments: args as Record<string, unknown>, summary: outcome.summary });
  return outcome;
};

/** The caller's name the question holds: the longest name all of whose words the question has. */
const nameInQuestion = (question: string, names: Named[]): Named | null => {
  const asked = new Set(wordsOf(question));
  const lower = question.toLowerCase();
  const holding = names.filter((row) => {
    const words = wordsOf(row.name);
    if (words.length === 0) return lower.includes(row.name.toLowerCase().trim()) && row.name.trim() !== '';
    return words.every((word) => asked.has(word));
  });
  holding.sort((a, b) => wordsOf(b.name).length - wordsOf(a.name).length || b.name.length - a.name.length);
  return holding[0] ?? null;
};

/** The words of a question a name may be in: "how is my Q4 campaign doing" → "Q4". */
const askedName = (question: string, noun: 'campaign' | 'list'): string | null => {
  const quoted = question.match(/["“”'‘’]([^"“”'‘’]{1,200})["“”'‘’]/);
  if (quoted?.[1]) return quoted[1].trim();
  // The nearest "my/the/our" before the noun: "the reply rate of my Q4 campaign" → "Q4".
  const before = question.match(new RegExp(`^.*\\b(?:my|the|our)\\s+(.{1,100}?)\\s+${noun}\\b`, 'i'));
  if (before?.[1]) return before[1].trim();
  const after = question.match(new RegExp(`\\b${noun}\\s+(?:called\\s+|named\\s+)?(.{1,100}?)[?.!]*$`, 'i'));
  if (after?.[1] && !/^(doing|going|performing|now)\b/i.test(after[1])) return after[1].trim();
  return null;
};

const campaignMarkdown = (f: CampaignFigures): string =>
  [
    `**${md(f.name)}** — ${f.status}${f.status_reason ? ` (${md(f.status_reason)})` : ''}`,
    `- Progress: ${f.progress_percent}% (${f.steps_done} of ${f.steps_total} plan steps)`,
    `- Leads contacted: ${f.leads_contacted} of ${f.leads_total}`,
    `- Connection requests accepted: ${f.requests_accepted} of ${f.requests_sent} sent (${rate(f.acceptance_rate_percent)})`,
    `- Replies: ${f.replied} of ${f.connected} connected (${rate(f.reply_rate_percent)})`,
    ...(f.failed_leads > 0 ? [`- Failed leads: ${f.failed_leads}`] : []),
  ].join('\n');

type NotFound = { ambiguous: boolean; closest_names: string[] };

const notFoundMarkdown = (what: string, asked: string, r: NotFound, screen: string): string => {
  const names = r.closest_names.map((n) => `**${md(n)}**`).join(', ');
  if (r.ambiguous) return `Several of your ${what}s match “${md(asked)}”: ${names}. Which one do you mean?`;
  return r.closest_names.length > 0
    ? `I found no ${what} named “${md(asked)}”. Your closest ${what}s: ${names}.`
    : `You have no ${what} named “${md(asked)}” — in fact no ${what}s yet: see [${what === 'list' ? 'Leads' : 'Campaigns'}](${screen}).`;
};

type Answer = (ctx: ChatToolContext, question: string, uses: TChatToolUse[]) => Promise<string | null>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A name said in full in a question that does not say "campaign" or "list" ("numbers for q4 push"): only a
 * distinctive name counts (two words or more, or one with a digit), so a campaign named "LinkedIn" does not
 * take over "my recent LinkedIn posts".
 */
const phraseIn = (question: string, names: Named[]): Named | null =>
  names
    .filter((row) => wordsOf(row.name).length >= 2 || /\d/.test(row.name))
    .filter((row) =>
      new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(row.name.trim())}($|[^\\p{L}\\p{N}])`, 'iu').test(
        question,
      ),
    )
    .sort((a, b) => b.name.length - a.name.length)[0] ?? null;

/** Words that make a question one about campaigns ("how many leads replied" is not about lists). */
const CAMPAIGN_WORDS =
  /\bcampaigns?\b|\b(replied|replies|reply rate|accepted|acceptance|contacted|connection requests?)\b/i;

const answerCampaign: Answer = async (ctx, question, uses) => {
  const names = await campaignNamesOf(ctx.deps.db, ctx.userId);
  if (!CAMPAIGN_WORDS.test(question)) {
    const said = phraseIn(question, names);
    if (!said) return null;
    const { result } = await use(ctx, campaignsTool, { name: said.name }, uses);
    const r = result as { found: true; campaign: CampaignFigures } | { found: false };
    return r.found ? campaignMarkdown(r.campaign) : null;
  }
  const named = nameInQuestion(question, names);
  const asked = named?.name ?? askedName(question, 'campaign');
  if (asked && !/^(all|recent|latest)$/i.test(asked)) {
    const { result } = await use(ctx, campaignsTool, { name: asked }, uses);
    const r = result as { found: true; campaign: CampaignFigures } | ({ found: false } & NotFound);
    return r.found ? campaignMarkdown(r.campaign) : notFoundMarkdown('campaign', asked, r, '/campaigns');
  }
  const { result } = await use(ctx, campaignsTool, { limit: 5 }, uses);
  const r = result as { total_campaigns: number; campaigns: CampaignFigures[] };
  if (r.total_campaigns === 0) return 'You have no campaigns yet: start one on [Campaigns](/campaigns).';
  return [
    `You have ${plural(r.total_campaigns, 'campaign')}${r.total_campaigns > r.campaigns.length ? `; the ${r.campaigns.length} most recent` : ''}:`,
    '',
    r.campaigns.map(campaignMarkdown).join('\n\n'),
  ].join('\n');
};

const answerLists: Answer = async (ctx, question, uses) => {
  if (!/\b(lists?|leads?)\b/i.test(question)) return null;
  const { lists } = await fetchAllLists(ctx.deps, ctx.userId);
  const named = nameInQuestion(question, lists);
  const asked = named?.name ?? (/\blist\b/i.test(question) ? askedName(question, 'list') : null);
  if (asked && !/^(all|my|recent)$/i.test(asked)) {
    const { result } = await use(ctx, listsTool, { name: asked }, uses);
    const r = result as
      | { found: true; list: { name: string; leads: number; status: string } }
      | ({ found: false } & NotFound);
    return r.found
      ? `The list **${md(r.list.name)}** has ${plural(r.list.leads, 'lead')} (${r.list.status}).`
      : notFoundMarkdown('list', asked, r, '/leads');
  }
  const { result } = await use(ctx, listsTool, {}, uses);
  const r = result as {
    total_lists: number;
    total_leads: number;
    lists: { name: string; leads: number; status: string }[];
    more_lists: number;
  };
  if (r.total_lists === 0) return 'You have no lead lists yet: import leads on [Leads](/leads).';
  return [
    `You have ${plural(r.total_lists, 'list')} with ${plural(r.total_leads, 'lead')} in all:`,
    '',
    ...r.lists.map((list) => `- **${md(list.name)}**: ${plural(list.leads, 'lead')} (${list.status})`),
    ...(r.more_lists > 0 ? [`- … and ${r.more_lists} more on [Leads](/leads)`] : []),
  ].join('\n');
};

const answerBrand: Answer = async (ctx, question, uses) => {
  if (!/\b(brand|business|company|website|about me|about us|my offer|audience)\b/i.test(question))
    return null;
  const { result } = await use(ctx, brandProfileTool, {}, uses);
  const r = result as {
    has_website: boolean;
    company: string;
    website: string | null;
    summary: string;
    offer: string;
    audience: string;
    tone: string;
    key_phrases: string[];
  };
  if (!r.has_website) {
    return `I know only your company's name${r.company ? `, **${md(r.company)}**` : ''}: add your website in Settings so I can read your brand profile.`;
  }
  return [
    `**${md(r.company)}**${r.website ? ` (${md(r.website)})` : ''}`,
    ...(r.summary ? ['', md(r.summary)] : []),
    '',
    ...(r.offer ? [`- Offer: ${md(r.offer)}`] : []),
    ...(r.audience ? [`- Audience: ${md(r.audience)}`] : []),
    ...(r.tone ? [`- Tone of voice: ${md(r.tone)}`] : []),
    ...(r.key_phrases.length > 0 ? [`- Key phrases: ${r.key_phrases.map(md).join(', ')}`] : []),
  ].join('\n');
};

const KIND_WORDS: [
  RegExp,
  'blog' | 'blog_topic' | 'linkedin_post' | 'social_post' | 'google_ad' | 'keywords',
][] = [
  [/\blinked\s?in\b/i, 'linkedin_post'],
  [/\bblog topics?\b|\btopics?\b/i, 'blog_topic'],
  [/\bblogs?\b/i, 'blog'],
  [/\bsocial\b/i, 'social_post'],
  [/\bads?\b|\badvert/i, 'google_ad'],
  [/\bkeywords?\b/i, 'keywords'],
];

const answerRecent: Answer = async (ctx, question, uses) => {
  if (
    !/\b(recent|latest|last|history|posts?|blogs?|content|ads?|topics?|wrote|written|generated)\b/i.test(
      question,
    )
  )
    return null;
  const kind = KIND_WORDS.find(([pattern]) => pattern.test(question))?.[1];
  const { result } = await use(ctx, recentContentTool, { ...(kind ? { kind } : {}), limit: 5 }, uses);
  const r = result as { items: { kind: string; title: string; excerpt: string; created_at: string }[] };
  if (r.items.length === 0) return `Nothing in your History yet. Start on one of these: ${screensLine()}.`;
  return [
    'Your most recent content (from [History](/history)):',
    '',
    ...r.items.map(
      (item) => `- ${item.kind} — **${md(item.title || 'Untitled')}** (${item.created_at.slice(0, 10)})`,
    ),
  ].join('\n');
};

const WRITE = /\b(write|draft|create|make|suggest|give|generate|compose)\b/i;
/** Asking to see what exists ("give me my recent LinkedIn posts") is reading, never a new (counted) draft. */
const READING = /\b(recent|latest|last|previous|history|existing|already)\b/i;

type Writer = 'llm' | 'offline';
const writerName = (writer: Writer | undefined) =>
  writer === 'llm' ? 'the AI writer' : 'the offline writer';

type Refused = { refused: true; message: string };
const isRefused = (result: unknown): result is Refused =>
  typeof result === 'object' && result !== null && 'refused' in result;

/**
 * Drafting asked in words, written by the product's offline writers (the same paths the screens use, so
 * the drafts land in History and count against the plan like any other): a LinkedIn post about a topic,
 * blog topics, a follow-up for a lead of a named campaign.
 */
const answerDraft: Answer = async (ctx, question, uses) => {
  if (!WRITE.test(question) || READING.test(question)) return null;
  if (/\blinked\s?in\b.*\bposts?\b/i.test(question)) {
    const topic = question.match(/\b(?:about|on)\s+(.{3,500}?)[?.!]*$/i)?.[1]?.trim();
    if (!topic || topic.length < 3)
      return 'Tell me what the post is about, for example “write a LinkedIn post about our new offer”.';
    const { result } = await use(ctx, draftLinkedinPostTool, { topic }, uses);
    const r = result as { written: boolean; writer?: Writer; text?: string; message?: string };
    if (!r.written || !r.text) return r.message ?? 'No post was written.';
    return `Here is a draft, written by ${writerName(r.writer)} and saved to [History](/history) and [LinkedIn](/linkedin):\n\n${md(r.text)}`;
  }
  if (/\bblog\b.*\btopics?\b|\btopics?\b.*\bblog\b/i.test(question)) {
    const count = Math.min(6, Math.max(1, Number(question.match(/\b(\d{1,2})\b/)?.[1] ?? 3)));
    const { result } = await use(ctx, draftBlogTopicsTool, { count }, uses);
    if (isRefused(result)) return md(result.message);
    const r = result as { topics: { title: string; angle: string }[]; topics_left_this_period: number };
    return [
      `Blog topics, saved to [History](/history) (${plural(r.topics_left_this_period, 'topic')} left this period):`,
      '',
      ...r.topics.map((topic) => `- **${md(topic.title)}** — ${md(topic.angle)}`),
    ].join('\n');
  }
  if (/\bfollow[\s-]?ups?\b/i.test(question)) {
    const names = await campaignNamesOf(ctx.deps.db, ctx.userId);
    const campaign = phraseIn(question, names) ?? nameInQuestion(question, names);
    if (!campaign) {
      return 'Name the campaign the lead is in, for example “write a follow-up for Jane Doe in my Q4 push campaign”.';
    }
    const lead = question.match(/\b(?:for|to)\s+(.{1,200}?)\s+(?:in|from|of)\b/i)?.[1]?.trim();
    const { result } = await use(
      ctx,
      draftFollowUpTool,
      { campaign_name: campaign.name, ...(lead ? { lead_name: lead } : {}) },
      uses,
    );
    const r = result as
      | { written: true; writer: Writer; lead: string; campaign: string; follow_up: string }
      | {
          written: false;
          found?: false;
          asked?: string;
          ambiguous?: boolean;
          closest_names?: string[];
          message?: string;
        };
    if (r.written) {
      return `A follow-up for **${md(r.lead)}** (${md(r.campaign)}), written by ${writerName(r.writer)}. It is not saved: the campaign's own messages are edited on [Campaigns](/campaigns).\n\n${md(r.follow_up)}`;
    }
    if (r.closest_names && r.asked) {
      return notFoundMarkdown(
        'lead',
        r.asked,
        { ambiguous: r.ambiguous ?? false, closest_names: r.closest_names },
        '/campaigns',
      );
    }
    return md(r.message ?? 'No follow-up was written.');
  }
  return null;
};

/** Asked in order: drafting first, then a named campaign or list wins over the broader topics. */
const ANSWERS: Answer[] = [answerDraft, answerCampaign, answerLists, answerBrand, answerRecent];

/**
 * The chat's answer when no AI endpoint is configured (config.llm null): the question is matched to the
 * tools deterministically and answered in Markdown with the tools' real figures; anything else points to
 * the content screens. It never invents a figure: every number comes from a tool's result.
 */
export const answerWithoutModel = async (
  ctx: ChatToolContext,
  question: string,
  _history: History,
): Promise<NoModelAnswer> => {
  const uses: TChatToolUse[] = [];
  for (const answer of ANSWERS) {
    const text = await answer(ctx, question, uses);
    if (text !== null) return { text: `${NO_MODEL_NOTICE}.\n\n${text}`, tools: uses };
  }
  return {
    text:
      `${NO_MODEL_NOTICE}: your campaigns, lead lists, brand profile and recent content. ` +
      'Ask me, for example, “how is my campaign doing”, “how many leads are in my list”, “my brand” or ' +
      '“recent posts”; I can also draft “a LinkedIn post about …”, “blog topics” or “a follow-up for … in … ' +
      `campaign” with the offline writer. For everything else, use the screens: ${screensLine()}.`,
    tools: [],
  };
};
