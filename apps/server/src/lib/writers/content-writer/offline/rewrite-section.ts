import type { Tone } from '../../message-writer/offline-voices';
import type { BlogPost, BlogSection, ContentContext } from '../types';
import { compositionOf } from './blog-post';
import {
  composeSection,
  headingsOf,
  type ListMode,
  READING_ORDER,
  type SectionContext,
  type SectionKind,
} from './blog-sections';
import { factPoolOf } from './grounding';
import { type Block, blocksHtml, blocksWords, type Inline, list, paragraph } from './html-blocks';
import { pickerOf, rotate, sentencesOf, squash, textOfHtml, wordCount } from './text-tools';
import { blocksInTone } from './tone-style';

/**
 * One section written again, keeping its heading: another rendering of the same section (other
 * paragraphs first, the list elsewhere, other wording), shaped by the user's wish where a composer
 * without a model can follow it. The wishes it understands:
 *
 * - shorter / more concise / trim → about half the words; longer / expand / more detail → about half again
 * - a list / bullets / bullet points → a list; no list / paragraphs only / prose → no list
 * - more formal / professional → the formal voice, no contractions; casual / friendly / conversational /
 *   expert / urgent → that tone's voice
 */
export type RewriteWish = { size: 'shorter' | 'same' | 'longer'; listMode: ListMode; tone: Tone | null };

export const wishOf = (instruction: string | undefined): RewriteWish => {
  const text = (instruction ?? '').toLowerCase();
  const size = /\b(?:short(?:er|en)?|concise|brief(?:er)?|trim|tighten|cut|condense|fewer words|less)\b/.test(
    text,
  )
    ? 'shorter'
    : /\b(?:long(?:er)?|expand|more detail(?:ed)?|elaborate|deeper|extend|more words|flesh)\b/.test(text)
      ? 'longer'
      : 'same';
  const listMode: ListMode =
    /\b(?:no|without|remove(?: the)?|drop(?: the)?)\s+(?:bullet(?:s| points?)?|lists?)\b|\bparagraphs? only\b|\bprose\b/.test(
      text,
    )
      ? 'none'
      : /\b(?:lists?|bullets?|bullet points?|checklist|steps)\b/.test(text)
        ? 'always'
        : 'auto';
  const tone: Tone | null = /\b(?:formal|professional|corporate)\b/.test(text)
    ? 'Professional, Formal'
    : /\b(?:casual|playful|fun|light)\b/.test(text)
      ? 'Casual, Light-Hearted'
      : /\b(?:conversational|engaging)\b/.test(text)
        ? 'Conversational, Engaging'
        : /\b(?:expert|authoritative|confident)\b/.test(text)
          ? 'Authoritative, Expert'
          : /\b(?:urgent|punchy|direct|action)\b/.test(text)
            ? 'Urgent, Action-Oriented'
            : /\b(?:friendly|warm|approachable)\b/.test(text)
              ? 'Friendly, Approachable'
              : null;
  return { size, listMode, tone };
};

const CONTRACTIONS: readonly [RegExp, string][] = [
  [/\bcan['’]t\b/gi, 'cannot'],
  [/\bwon['’]t\b/gi, 'will not'],
  [/\blet['’]s\b/gi, 'let us'],
  [/\b(\w+)n['’]t\b/gi, '$1 not'],
  [/\b(it|that|there|what|here|who)['’]s\b/gi, '$1 is'],
  [/\b(\w+)['’]re\b/gi, '$1 are'],
  [/\b(\w+)['’]ll\b/gi, '$1 will'],
  [/\b(\w+)['’]ve\b/gi, '$1 have'],
  [/\b(I)['’]m\b/g, '$1 am'],
];

/** A formal text says "do not" rather than "don't". */
export const withoutContractions = (text: string): string =>
  CONTRACTIONS.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);

const formalBlocks = (blocks: Block[]): Block[] =>
  blocks.map((block) => {
    const fix = (part: Inline): Inline =>
      typeof part === 'string'
        ? withoutContractions(part)
        : 'strong' in part
          ? { strong: withoutContractions(part.strong) }
          : 'em' in part
            ? { em: withoutContractions(part.em) }
            : part;
    if (block.kind === 'p') return paragraph(...block.parts.map(fix));
    if (block.kind === 'quote') return { kind: 'quote', text: withoutContractions(block.text) };
    return list(
      block.kind === 'ol',
      block.items.map((item) => item.map(fix)),
    );
  });

/** The section kind whose headings include this one, when the offline writer wrote it. */
const kindOf = (heading: string, c: SectionContext): SectionKind | null => {
  const wanted = squash(heading).toLowerCase();
  return (
    READING_ORDER.find((kind) => headingsOf(kind, c).some((each) => each.toLowerCase() === wanted)) ?? null
  );
};

const sizeBudget = (words: number, size: RewriteWish['size']): number =>
  size === 'shorter'
    ? Math.max(50, Math.round(words * 0.5))
    : size === 'longer'
      ? Math.round(words * 1.6)
      : words;

/** Paragraphs that deepen any section, kept for rewrites asked to be longer (a post never uses them). */
const elaborations = (c: SectionContext): Block[] => [
  paragraph(
    `An example helps. Think of the last time ${c.s} came up in your own work: what was decided, who decided it and what happened next. Walking through a real case like that usually shows where the approach above would have made the biggest difference.`,
  ),
  paragraph(
    'None of this has to be perfect on the first try. Treat each part as a draft, see how it works in practice and refine it as you learn more about what your customers need.',
  ),
  paragraph(
    'If time is short, start with the single idea here that feels most relevant and give it a week. Small, visible wins make it much easier to find the time for the rest.',
  ),
  paragraph(
    `A useful test is to explain your approach to ${c.s} to someone outside the team in a couple of minutes. If it takes longer, the approach is probably more complicated than it needs to be.`,
  ),
  paragraph(
    'Keep notes as you go. A few lines on what you tried and what changed will be more useful later on than any amount of planning done today.',
  ),
  paragraph(
    'Finally, talk about it. Sharing what you are trying with colleagues, or with customers who care about the result, brings up questions and ideas you would not find on your own.',
  ),
];

/** Paragraphs the post does not use yet, for a section asked to be longer: other kinds', then elaborations. */
const extraBlocks = (c: SectionContext, postHtml: string, variant: number): Block[] =>
  [
    ...(['why', 'habits', 'measure'] as const).flatMap((kind) =>
      composeSection(kind, c, { budget: 10_000, variant, listMode: 'none' }, blocksWords),
    ),
    ...rotate(elaborations(c), variant),
  ]
    .filter((block) => block.kind === 'p')
    .filter(
      (block) =>
        !postHtml.includes(
          blocksHtml([block])
            .replace(/^<p>|<\/p>$/g, '')
            .slice(0, 60),
        ),
    );

/**
 * A section the offline writer did not write (the model's, or the user's own heading): its own
 * sentences regrouped (paragraphs become a lead and a list of points, a list becomes paragraphs),
 * so its facts survive and it reads differently.
 */
const regroup = (section: BlogSection, wish: RewriteWish, budget: number, extra: Block[]): Block[] => {
  const hadList = /<(?:ul|ol)\b/i.test(section.html);
  let sentences = sentencesOf(textOfHtml(section.html));
  if (wish.size === 'shorter') {
    const kept: string[] = [];
    for (const sentence of sentences) {
      if (kept.length > 0 && wordCount(kept.join(' ')) + wordCount(sentence) > budget) break;
      kept.push(sentence);
    }
    sentences = kept;
  }
  const asList =
    wish.listMode === 'always' || (wish.listMode === 'auto' && !hadList && sentences.length >= 4);
  const blocks: Block[] = [];
  if (asList) {
    const [first, ...rest] = sentences;
    if (first) blocks.push(paragraph(first));
    if (rest.length > 0)
      blocks.push(
        list(
          false,
          rest.map((sentence) => [sentence]),
        ),
      );
  } else {
    for (let index = 0; index < sentences.length; index += 3)
      blocks.push(paragraph(sentences.slice(index, index + 3).join(' ')));
  }
  if (wish.size === 'longer') {
    for (const block of extra) {
      if (blocksWords(blocks) >= budget) break;
      blocks.push(block);
    }
  }
  return blocks;
};

export const rewriteSection = (
  context: ContentContext,
  request: { post: BlogPost; sectionIndex: number; instruction?: string },
): BlogSection => {
  const { post } = request;
  const section = post.sections[request.sectionIndex];
  if (!section) throw new RangeError(`The post has no section ${request.sectionIndex + 1}`);
  const wish = wishOf(request.instruction);
  const composition = compositionOf(context, {
    topic: post.title,
    keywords: post.keywordsUsed,
    length: 'medium',
  });
  const others = post.sections.filter((_, index) => index !== request.sectionIndex);
  const othersText = others.map((each) => textOfHtml(each.html)).join(' ');
  const c: SectionContext = {
    ...composition.context,
    tone: wish.tone ?? composition.context.tone,
    // The user's sentences other sections already quote are not quoted again.
    facts: factPoolOf(composition.facts.filter((fact) => !othersText.includes(fact))),
    // Each rewrite of a rewrite starts elsewhere: the picker follows the text being replaced.
    picker: pickerOf('rewrite', post.title, section.heading, section.html, request.instruction ?? ''),
  };
  const budget = sizeBudget(Math.max(60, wordCount(textOfHtml(section.html))), wish.size);
  const postHtml = post.sections.map((each) => each.html).join('\n');
  const kind = kindOf(section.heading, composition.context);
  const originalWords = wordCount(textOfHtml(section.html));
  const meetsSize = (html: string): boolean => {
    const words = wordCount(textOfHtml(html));
    return wish.size === 'shorter'
      ? words < originalWords
      : wish.size === 'longer'
        ? words > originalWords
        : true;
  };
  const finish = (blocks: Block[]): string =>
    blocksHtml(
      wish.tone === 'Professional, Formal'
        ? formalBlocks(blocks)
        : blocksInTone(c.tone, blocks, [...composition.verbatim, ...sentencesOf(textOfHtml(section.html))]),
    );

  if (kind) {
    const start = c.picker.index(1, 6);
    let fallback = '';
    for (let step = 0; step < 6; step += 1) {
      const variant = start + step;
      // A fresh pool per try, so a try that is thrown away does not use up the user's sentences.
      const tryContext = {
        ...c,
        // …taken in another order, so a section made of them reads differently too.
        facts: factPoolOf(
          rotate(
            composition.facts.filter((fact) => !othersText.includes(fact)),
            variant,
          ),
        ),
      };
      const blocks = composeSection(
        kind,
        tryContext,
        { budget, variant, listMode: wish.listMode, reorder: true, brief: wish.size === 'shorter' },
        blocksWords,
      );
      if (wish.size === 'longer') {
        for (const block of extraBlocks(tryContext, postHtml, variant)) {
          if (blocksWords(blocks) >= budget) break;
          blocks.splice(Math.max(1, blocks.length - 1), 0, block);
        }
      }
      const html = finish(blocks);
      if (!fallback && meetsSize(html)) fallback = html;
      if (html !== section.html && meetsSize(html)) return { heading: section.heading, html };
    }
    // No rendering both differs and has the size asked for (a section made of the user's sentences):
    // its own sentences regrouped, cut or extended instead.
    const regrouped = finish(
      regroup(section, { ...wish, listMode: 'always' }, budget, extraBlocks(c, postHtml, start)),
    );
    return { heading: section.heading, html: regrouped !== section.html ? regrouped : fallback || regrouped };
  }

  const html = finish(regroup(section, wish, budget, extraBlocks(c, postHtml, c.picker.index(2, 6))));
  // Nothing to regroup (a one-sentence section): the section of the closest kind, written fresh.
  if (html === section.html || html === '') {
    const blocks = composeSection(
      'why',
      c,
      { budget, variant: c.picker.index(3, 6), listMode: wish.listMode },
      blocksWords,
    );
    return { heading: section.heading, html: finish(blocks) };
  }
  return { heading: section.heading, html };
};
