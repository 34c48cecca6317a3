import type { TResearchCard, TResearchPoint } from '@sales-assist/contract';
import { clipField } from './shorten-text';

/** What the message writers take from a lead's research card. */
export type LeadResearchBrief = {
  /** The card's points in a few lines, for the model's grounding. */
  summary: string;
  /** The first talking point, for the {research} variable of a user's template. */
  talkingPoint: string | null;
};

/** A talking point fits inside a sentence of a 300-character note. */
const TALKING_POINT_MAX = 160;
const SUMMARY_MAX = 1_200;

const line = (label: string, points: (TResearchPoint | null)[]): string | null => {
  const texts = points.filter((point): point is TResearchPoint => point !== null).map((point) => point.text);
  return texts.length > 0 ? `${label}: ${texts.join('; ')}` : null;
};

/**
 * The card as the campaign message writers use it: every point of it was read from a source (the research
 * dropped any that was not), so the model may build on them. The opening line goes in only when a model
 * wrote it: without one it is a "Write here:" note, not words to send.
 */
export const researchBriefOf = (
  card: TResearchCard | null,
  writer: 'model' | 'offline' | null,
): LeadResearchBrief | null => {
  if (!card) return null;
  const lines = [
    line('Role', [card.role]),
    line('Company', [card.company]),
    line('Recent topics', card.topics),
    line('Talking points', card.talking_points),
    writer === 'model' && card.opening_line?.source ? `Opening line idea: ${card.opening_line.text}` : null,
  ].filter((text): text is string => text !== null);
  if (lines.length === 0) return null;
  return {
    summary: lines.join('\n').slice(0, SUMMARY_MAX),
    talkingPoint: clipField(card.talking_points[0]?.text ?? null, TALKING_POINT_MAX),
  };
};
