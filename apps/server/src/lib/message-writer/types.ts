import type { TLeadMessages } from '@sales-assist/contract';

/** What a campaign's messages are written from: its settings, the sender and one lead. */
export type MessageBrief = {
  templateId: 1 | 2 | 3;
  goal: string;
  tone: string;
  senderName: string;
  lead: {
    name: string;
    headline: string;
    company: string;
    location: string;
    industry: string | null;
    /** The lead's most recent post, when one is known. */
    recentPost: string | null;
  };
};

/** Writes a lead's connection note (at most 300 characters) and two follow-ups, and post comments. */
export type MessageWriter = {
  /** `llm` when an OpenAI-compatible endpoint writes, `offline` for the built-in writer. */
  kind: 'llm' | 'offline';
  writeMessages(brief: MessageBrief): Promise<TLeadMessages>;
  /** A short comment on the lead's post, in the campaign's tone. */
  writeComment(brief: MessageBrief & { post: string }): Promise<string>;
};
