import type { TResearchCard, TResearchPoint, TResearchSource } from '@sales-assist/contract';
import { z } from 'zod';
import type { AiClient, AiUsage } from '../../lib/clients/ai';
import { dataBlock, systemMessage } from '../../lib/writers/content-writer/llm/content-messages';

const ZPoint = z.object({ text: z.string().trim().min(1).max(400), source: z.string() });

/** What the model is asked for; role and tenure are read from the profile, never written. */
const ZModelCard = z.object({
  company: ZPoint.nullable().default(null),
  topics: z.array(ZPoint).max(8).default([]),
  talking_points: z.array(ZPoint).max(6).default([]),
  opening_line: ZPoint.nullable().default(null),
});

const INSTRUCTIONS = `<instructions>
Write a research card on a sales prospect from the sources in the <data name="sources"> block, and from nothing else.
Each point names in "source" the id of the one source that states it. Write only what that source says: no figure, name, date, event or claim that it does not hold. When the sources say nothing about a part, leave it out (null or an empty list).
- company: what the prospect's company does and for whom, in one or two sentences (from the website source, or the profile).
- topics: up to 5 subjects the prospect posted about recently, a few words each, each citing its post.
- talking_points: exactly 3 things a salesperson could bring up with the prospect, one sentence each, each citing its source.
- opening_line: one friendly first sentence of a message to the prospect, built on one point, citing its source.
Answer with one JSON object with the keys "company", "topics", "talking_points" and "opening_line"; every point is {"text": "...", "source": "<id>"}.
</instructions>`;

/** Figures in a text: a point may carry one only if its source carries it too. */
const figuresOf = (text: string): string[] =>
  text.match(/\d[\d,.]*/g)?.map((n) => n.replace(/[,.]+$/, '')) ?? [];

/**
 * Keeps a point only when its source is one of the material's and every figure it gives is in that source:
 * a model that cites a source it was not given, or adds a number, has written something the sources do not
 * hold. Answers the point, or null with the reason it was dropped.
 */
export const checkPoint = (
  point: TResearchPoint,
  sources: ReadonlyMap<string, TResearchSource>,
): { point: TResearchPoint | null; dropped: string | null } => {
  const source = sources.get(point.source);
  if (!source) return { point: null, dropped: `cites "${point.source}", which was not read` };
  const missing = figuresOf(point.text).filter((figure) => !source.text.includes(figure));
  if (missing.length > 0)
    return { point: null, dropped: `gives ${missing.join(', ')}, which ${source.label} does not` };
  return { point: { text: point.text.trim(), source: point.source }, dropped: null };
};

/**
 * The card written by the model from the material given (generateObject with the card's schema), then
 * checked point by point (checkPoint): what does not hold is left out, and how many were is said in `dropped`.
 * Throws what the AI client throws; the caller falls back to the extractive card.
 */
export const writeCardWithModel = async (
  ai: AiClient,
  material: { sources: TResearchSource[]; role: TResearchPoint | null },
  onUsage: (usage: AiUsage) => void,
): Promise<{ card: TResearchCard; dropped: string[] }> => {
  const { object } = await ai.generateObject({
    messages: [
      systemMessage('prospect_research'),
      {
        role: 'user',
        content: `${INSTRUCTIONS}\n\n${dataBlock(
          'sources',
          material.sources.map(({ id, label, date, text }) => ({ id, label, date, text })),
        )}`,
      },
    ],
    schema: ZModelCard,
    shapeHint:
      'an object with "company" (a point or null), "topics" and "talking_points" (lists of points) and "opening_line" (a point or null); a point is {"text", "source"}',
    onUsage,
  });
  const byId = new Map(material.sources.map((source) => [source.id, source]));
  const dropped: string[] = [];
  const keep = (point: TResearchPoint | null, what: string): TResearchPoint | null => {
    if (!point) return null;
    const checked = checkPoint(point, byId);
    if (checked.dropped) dropped.push(`A ${what} was left out: it ${checked.dropped}.`);
    return checked.point;
  };
  const keepAll = (points: TResearchPoint[], what: string, max: number): TResearchPoint[] =>
    points
      .map((point) => keep(point, what))
      .filter((point): point is TResearchPoint => point !== null)
      .slice(0, max);
  return {
    card: {
      role: material.role,
      company: keep(object.company, 'company summary'),
      topics: keepAll(object.topics, 'topic', 5),
      talking_points: keepAll(object.talking_points, 'talking point', 3),
      opening_line: keep(object.opening_line, 'opening line'),
    },
    dropped,
  };
};
