import type { Tone } from '../../message-writer/offline-voices';
import type { Block, Inline } from './html-blocks';

/**
 * The relaxed tones speak with contractions ("don't", "it's"), the formal and expert ones without. The
 * composer's sentences are written out in full, so they fit every tone; this turns them into everyday
 * speech for the tones that want it. Words the user wrote (their inputs, the website summary, the
 * offer, a call to action) are quoted as they are: `verbatim` lists them and they are left untouched.
 */
const RELAXED: ReadonlySet<Tone> = new Set([
  'Friendly, Approachable',
  'Conversational, Engaging',
  'Casual, Light-Hearted',
]);

/** Only before another word: "what it is." must not become "what it's.". */
const CONTRACTIONS: readonly [RegExp, string][] = [
  [/\b([Dd])o not\b/g, "$1on't"],
  [/\b([Dd])oes not\b/g, "$1oesn't"],
  [/\b([Ii])s not\b/g, "$1sn't"],
  [/\b([Aa])re not\b/g, "$1ren't"],
  [/\b([Cc])annot\b/g, "$1an't"],
  [/\b([Ww])ill not\b/g, "$1on't"],
  [/\b([Ii]t|[Tt]hat|[Tt]here|[Hh]ere|[Ww]hat) is (?=[a-z])/g, "$1's "],
  // "where you are today" keeps its "are": a contraction cannot end a clause.
  [/(?<!\b(?:where|what|who|how) )\b([Yy]ou|[Ww]e|[Tt]hey) are (?=[a-z])/g, "$1're "],
  [/\b([Yy]ou|[Ww]e|[Tt]hey) will (?=[a-z])/g, "$1'll "],
  [/\b([Ll])et us\b/g, "$1et's"],
];

export const speaksRelaxed = (tone: Tone): boolean => RELAXED.has(tone);

const contract = (text: string): string =>
  CONTRACTIONS.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with contractions everywhere but inside the verbatim passages. */
export const inTone = (tone: Tone, text: string, verbatim: readonly string[]): string => {
  if (!RELAXED.has(tone)) return text;
  const kept = verbatim.filter((passage) => passage.length > 0 && text.includes(passage));
  if (kept.length === 0) return contract(text);
  const pattern = new RegExp(`(${kept.map(escapeRegExp).join('|')})`, 'g');
  return text
    .split(pattern)
    .map((piece) => (kept.includes(piece) ? piece : contract(piece)))
    .join('');
};

const inlineInTone = (tone: Tone, part: Inline, verbatim: readonly string[]): Inline => {
  if (typeof part === 'string') return inTone(tone, part, verbatim);
  if ('strong' in part) return { strong: inTone(tone, part.strong, verbatim) };
  if ('em' in part) return { em: inTone(tone, part.em, verbatim) };
  return part;
};

export const blocksInTone = (tone: Tone, blocks: Block[], verbatim: readonly string[]): Block[] => {
  if (!RELAXED.has(tone)) return blocks;
  return blocks.map((block) => {
    if (block.kind === 'p')
      return { kind: 'p', parts: block.parts.map((part) => inlineInTone(tone, part, verbatim)) };
    if (block.kind === 'quote') return block;
    return {
      kind: block.kind,
      items: block.items.map((item) => item.map((part) => inlineInTone(tone, part, verbatim))),
    };
  });
};
