import type { RecordedRequest } from './types';

/** The stand-in as a chat model with tools: the calls a recognisable question needs, then an answer quoting the results. */

/** The short title the stand-in writes for a chat: the first question's first words. */
export const standInChatTitle = (question: string): string =>
  `About ${question
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .join(' ')}`;

/** What the stand-in's chat answer starts with once it has read the tools' results. */
export const STAND_IN_CHAT_LEAD = 'Here is what your data says:';
/** Its answer to a question that needs no tool. */
export const STAND_IN_CHAT_PLAIN =
  'The stand-in model can look up your campaigns, your lead lists and your brand profile: ask about one of them.';
/** The sentences of long-answer mode, after the normal answer. */
export const STAND_IN_LONG_TAIL = Array.from(
  { length: 120 },
  (_, i) => `Long answer sentence ${i + 1} goes on so there is time to press Stop.`,
).join(' ');

type ChatMessage = NonNullable<RecordedRequest['body']['messages']>[number];
export type PlannedCall = { name: string; arguments: Record<string, unknown> };

/** A name the user quoted ("…", “…”, '…'), if any. */
const quotedName = (text: string): string | null =>
  /["“'‘]([^"”'’]{1,120})["”'’]/.exec(text)?.[1]?.trim() ?? null;

/**
 * The tool a recognisable question needs, among the tools offered: "how many leads in list X" → the
 * lists tool with X; a question naming a campaign ("how is my Q4 push campaign doing", "campaign “Q4”")
 * → the campaigns tool with that name; "campaigns" alone → the recent ones; brand/company → the profile.
 */
const plannedCall = (question: string, offered: Set<string>): PlannedCall | null => {
  const listName =
    /leads?\b.*?\blist\s+(?:named\s+|called\s+)?["“']?([^"”'?]+?)["”']?\s*\??$/i.exec(question)?.[1] ??
    /\blist\s+["“']([^"”']+)["”']/i.exec(question)?.[1];
  if (offered.has('get_lead_lists') && /\blists?\b/i.test(question)) {
    return { name: 'get_lead_lists', arguments: listName ? { name: listName.trim() } : {} };
  }
  if (offered.has('get_campaigns') && /\bcampaigns?\b/i.test(question)) {
    const name =
      quotedName(question) ??
      /\bmy\s+(.+?)\s+campaign\b/i.exec(question)?.[1] ??
      /\bcampaign\s+(?:named\s+|called\s+)?([^?]+?)\s*(?:doing|going|performing)?\s*\??$/i.exec(
        question,
      )?.[1];
    return { name: 'get_campaigns', arguments: name ? { name: name.trim() } : {} };
  }
  if (offered.has('get_brand_profile') && /\b(brand|company|business|offer|audience)\b/i.test(question)) {
    return { name: 'get_brand_profile', arguments: {} };
  }
  return null;
};

/** Every number and short text of a tool's result as "path: value" lines, so the answer quotes real figures. */
const figuresOf = (value: unknown, path = ''): string[] => {
  if (value === null || value === undefined) return [];
  if (typeof value === 'number' || typeof value === 'boolean') return [`${path}: ${value}`];
  if (typeof value === 'string') return value.length <= 120 ? [`${path}: ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => figuresOf(item, `${path}[${i}]`));
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
      figuresOf(item, path ? `${path}.${key}` : key),
    );
  }
  return [];
};

/**
 * The stand-in's chat turn: tool calls for the last question when it has not looked yet, or the answer
 * quoting every figure of the results it was given (the `tool` messages after the last user message).
 */
export const chatAnswer = (
  messages: ChatMessage[],
  offered: Set<string>,
): { calls: PlannedCall[]; text: string } => {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const question = messages[lastUser]?.content ?? '';
  const results = messages.slice(lastUser + 1).filter((m) => m.role === 'tool');
  if (results.length === 0) {
    const call = plannedCall(question, offered);
    if (call) return { calls: [call], text: '' };
    return { calls: [], text: STAND_IN_CHAT_PLAIN };
  }
  const lines = results.flatMap((result) => {
    try {
      return figuresOf(JSON.parse(result.content ?? ''));
    } catch {
      return [String(result.content)];
    }
  });
  return { calls: [], text: `${STAND_IN_CHAT_LEAD}\n\n${lines.map((line) => `- ${line}`).join('\n')}` };
};
