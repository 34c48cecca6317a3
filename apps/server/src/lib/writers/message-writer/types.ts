import type { TLeadMessages } from '@sales-assist/contract';
import type { AiUsage } from '../../clients/ai/types';
import type { LeadResearchBrief } from './research-brief';

/** What a campaign's messages are written from: its settings, the sender and one lead. */
export type MessageBrief = {
  /** A spec template; with ownTemplate, the one its follow-ups and comments are composed like. */
  templateId: 1 | 2 | 3;
  /** The user's own template (name and guidance text with {variables}), when the campaign uses one. */
  ownTemplate?: { name: string; text: string } | null;
  goal: string;
  tone: string;
  senderName: string;
  /** The sender's company, when the user has named it; what "Advertise a Product" talks about. */
  senderCompany?: string | null;
  lead: {
    name: string;
    headline: string;
    company: string;
    location: string;
    industry: string | null;
    /** The lead's most recent post, when one is known. */
    recentPost: string | null;
    /** The lead's Prospect Research card, when it was researched (research-brief.ts). */
    research?: LeadResearchBrief | null;
  };
};

/**
 * One pass of a job over a campaign's leads. The LLM writer falls back to the offline writer lead by
 * lead; the run remembers that it has said so, so the log gets one warning per run, not one per lead.
 */
export type WriterRun = {
  campaignId: number;
  fallbackWarned: boolean;
  /** Told once per model request that answered (a repair is a second one), to keep it in ai_usage. */
  onUsage?: (usage: AiUsage, model: string) => void;
};

/** Writes a lead's connection note (at most 300 characters) and two follow-ups, and post comments. */
export type MessageWriter = {
  /** `llm` when an OpenAI-compatible endpoint writes, `offline` for the built-in writer. */
  kind: 'llm' | 'offline';
  writeMessages(brief: MessageBrief, run?: WriterRun): Promise<TLeadMessages>;
  /** A short comment on the lead's post, in the campaign's tone. */
  writeComment(brief: MessageBrief & { post: string }, run?: WriterRun): Promise<string>;
};

/** The part of the application's logger the writers use (pino's logger fits). */
export type WriterLog = {
  info: (obj: object, msg: string) => void;
  warn?: (obj: object, msg: string) => void;
};
